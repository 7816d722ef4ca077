// @ts-check
// The service worker's registration (served at /sw.js, scope "/"): the page then installs as an
// app and opens with no connection.
import { API, readPaths } from "./api.js";
import { lang } from "./i18n.js";

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  if (!container.controller) {
    // The first visit: the worker takes control after the page has read its data, so hand it the
    // API paths read so far for it to keep, and the start page's list of variants (a first
    // visit by a shared game link never read it).
    container.addEventListener("controllerchange", () => {
      container.controller?.postMessage({ keep: [...new Set([...readPaths(), `${API}/variants`])],
        lang: lang() });
    }, { once: true });
  }
  container.register("/sw.js", { scope: "/" }).catch(() => { /* no worker: the page works online */ });
}
