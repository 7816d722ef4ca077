// The service worker's registration (served at /sw.js, scope "/"): the page then installs as an
// app and opens with no connection.
import { readPaths } from "./api.js";

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  if (!container.controller) {
    // The first visit: the worker takes control after the page has read its data, so hand it the
    // API paths read so far for it to keep.
    container.addEventListener("controllerchange", () => {
      container.controller?.postMessage({ keep: [...readPaths] });
    }, { once: true });
  }
  container.register("/sw.js", { scope: "/" }).catch(() => { /* no worker: the page works online */ });
}
