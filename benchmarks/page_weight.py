"""The page's weight on the wire, as a phone's browser sees it: bytes transferred on a first visit
to a page, then on a return visit (the service worker installed), each request counted by where
its reply came from (network, the service worker, the HTTP cache).

Usage: python benchmarks/page_weight.py [--url http://127.0.0.1:5000/] [--wait 3]

Serve the app first with the production settings, e.g.
`DATABASE_URL=sqlite:////tmp/weight.sqlite gunicorn 'scorekeeper:create_app()'`. Drives Debian's
Chromium (/usr/bin/chromium) through Playwright at 360 px; the service worker's own requests (its
precache) are counted apart."""

from __future__ import annotations

import argparse
import os
from typing import Any

os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
from playwright.sync_api import sync_playwright


def visit(context: Any, url: str, wait: float) -> dict[str, Any]:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    replies: dict[str, dict[str, Any]] = {}
    cdp.on("Network.responseReceived", lambda e: replies.setdefault(e["requestId"], {}).update(
        url=e["response"]["url"], worker=e["response"].get("fromServiceWorker", False),
        disk=e["response"].get("fromDiskCache", False), status=e["response"]["status"]))
    cdp.on("Network.loadingFinished", lambda e: replies.setdefault(e["requestId"], {}).update(
        bytes=e["encodedDataLength"]))
    worker: list[tuple[int, str]] = []
    context.on("requestfinished", lambda r: worker.append(
        (r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"], r.url))
        if r.service_worker else None)
    page.goto(url, wait_until="load")
    page.wait_for_timeout(wait * 1000)
    network = [r for r in replies.values() if "bytes" in r and not r["worker"] and not r["disk"]]
    result = {"network": sum(r["bytes"] for r in network), "requests": len(network),
              "from worker": sum(1 for r in replies.values() if r.get("worker")),
              "from cache": sum(1 for r in replies.values() if r.get("disk")),
              "own": sum(size for size, _ in worker),
              "urls": sorted((r["bytes"], r["url"]) for r in network),
              "worker": sorted(worker)}
    page.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:5000/")
    parser.add_argument("--wait", type=float, default=3, help="seconds after load (3)")
    parser.add_argument("--show", action="store_true", help="list each request")
    args = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        context = browser.new_context(viewport={"width": 360, "height": 740})
        for name in ("first visit", "return visit"):
            found = visit(context, args.url, args.wait)
            print(f"{name}: {found['network'] / 1024:.1f} KiB from the network in "
                  f"{found['requests']} requests; {found['from worker']} from the service "
                  f"worker, {found['from cache']} from the HTTP cache; the worker's own "
                  f"requests {found['own'] / 1024:.1f} KiB")
            if args.show:
                for size, url in found["urls"]:
                    print(f"  {size:>7} {url}")
                for size, url in found["worker"]:
                    print(f"  {size:>7} {url} (the service worker's)")
        browser.close()


if __name__ == "__main__":
    main()
