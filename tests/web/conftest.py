"""Browser tests: the app on a real threaded server, Debian's Chromium driven by Playwright at a
phone's viewport. Screenshots of the main screens go to tests/web/screenshots/latest/ (kept out of
git); a curated few, looked at, are committed in tests/web/screenshots/.

Without /usr/bin/chromium the tests are skipped, unless SCOREKEEPER_BROWSER_REQUIRED is set (as
.ci/run does), in which case they fail.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import CHROMIUM, Phone, serving


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


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path) as address:
        yield address


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
