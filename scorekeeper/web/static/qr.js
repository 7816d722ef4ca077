// @ts-check
// QR codes drawn on the phone itself (uqr, MIT, copied from its npm release into vendor/): a link
// is never sent anywhere to be drawn, so a scorer's token stays out of every address the page
// requests, and a code shows with no connection like the rest of the page. Loaded when a code is
// first drawn, not with the page: the library is a tenth of the start page's weight.
import { encode } from "./vendor/uqr.js";

/** A QR code of `text` as an SVG data: address for an <img> (the page's CSP allows data: images):
 *  dark modules on white with the four-module quiet zone scanners need, and error correction M,
 *  as the server's own /qr.svg draws them. One path of unit squares, a run of dark modules at a
 *  time. */
export function qrImage(text) {
  const { size, data } = encode(text, { ecc: "M", border: 4 });
  let dark = "";
  data.forEach((row, y) => {
    for (let x = 0; x < size; x += 1) {
      if (!row[x]) continue;
      let end = x;
      while (end < size && row[end]) end += 1;
      dark += `M${x} ${y}h${end - x}v1h${x - end}z`;
      x = end;
    }
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">`
    + `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${dark}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
