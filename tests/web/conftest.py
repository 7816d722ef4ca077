"""Browser tests: the app on a real threaded server, Debian's Chromium driven by Playwright at a
phone's viewport. Screenshots of the main screens go to tests/web/screenshots/latest/ (kept out of
git); a curated few, looked at, are committed in tests/web/screenshots/.

Without /usr/bin/chromium the tests are skipped, unless SCOREKEEPER_BROWSER_REQUIRED is set (as
.ci/run does), in which case they fail.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app
from tests.conftest import database_url

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parent / "screenshots" / "latest"
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("SCOREKEEPER_BROWSER_REQUIRED"):
            pytest.fail("the browser tests need Debian's chromium at /usr/bin/chromium")
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM))
        yield launched
        launched.close()


@contextmanager
def serving(tmp_path: Path, **config: Any) -> Iterator[str]:
    """The app (with `config` on top of the tests' own) on a real threaded server: its address."""
    app = create_app({"DATABASE_URL": database_url(tmp_path),
                      "SSE_POLL_SECONDS": 0.2, "SSE_LIFETIME_SECONDS": 30, **config})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    before = set(threading.enumerate())
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        # End the open event streams and wait for them, so no request thread outlives the test
        # and its database (the phones, torn down first, have closed their connections).
        live = app.extensions.get("scorekeeper.live")
        if live is not None:
            live.stop()
        httpd.shutdown()
        for request_thread in set(threading.enumerate()) - before:
            request_thread.join(timeout=5)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path) as address:
        yield address


class Phone:
    """A phone-sized page that fails the test on any console error or uncaught exception."""

    def __init__(self, browser: Any, base: str, viewport: dict[str, int] | None = None,
                 service_workers: str = "allow", locale: str = "en-US") -> None:
        self.context = browser.new_context(viewport=viewport or PHONE, is_mobile=True,
                                           has_touch=True, base_url=base,
                                           service_workers=service_workers, locale=locale)
        self.page = self.context.new_page()
        self.base = base
        self.errors: list[str] = []
        self.page.on("console", self.console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def console(self, message: Any) -> None:
        """Console errors fail the test, except the browser's own notes on requests the page
        expects to fail (offline, a stale ETag) and handles."""
        # ERR_FAILED: a read the service worker could not answer, the server out of reach and
        # nothing kept for it.
        expected = ("net::ERR_INTERNET_DISCONNECTED", "net::ERR_FAILED", "status of 412")
        if message.type == "error" and not any(e in message.text for e in expected):
            self.errors.append(message.text)

    def open(self, hash_: str = "") -> Any:
        self.page.goto(f"{self.base}/{hash_}")
        return self.page

    def shot(self, name: str, *, full_page: bool = True) -> None:
        """A screenshot; `full_page=False` for what the phone's screen shows (a full-page one
        draws the sticky scoreboard in the middle of the page)."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Phone]:
    device = Phone(browser, server)
    yield device
    device.context.close()
    assert device.errors == [], device.errors


@pytest.fixture
def phone_without_worker(browser: Any, server: str) -> Iterator[Phone]:
    """A phone whose browser runs no service worker: what the page itself does when a read fails
    (Playwright's page.route does not see the requests a service worker answers)."""
    device = Phone(browser, server, service_workers="block")
    yield device
    device.context.close()
    assert device.errors == [], device.errors


@pytest.fixture
def second_phone(browser: Any, server: str) -> Iterator[Phone]:
    device = Phone(browser, server)
    yield device
    device.context.close()


@pytest.fixture
def phones(browser: Any, server: str) -> Iterator[Callable[..., Phone]]:
    """More phones, each as the test asks (viewport, locale, ...); each fails the test on a
    console error, like `phone`."""
    made: list[Phone] = []

    def make(**kwargs: Any) -> Phone:
        made.append(Phone(browser, server, **kwargs))
        return made[-1]

    yield make
    for device in made:
        device.context.close()
    assert [device.errors for device in made if device.errors] == []
