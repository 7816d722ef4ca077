"""deploy/: the Caddyfile is valid for a public name (a certificate from an ACME authority) and for
a LAN (`tls internal`), and serves the page over HTTPS in front of the production server
(gunicorn.conf.py): Chromium, trusting Caddy's local root the way a phone does (an NSS database
in its home, as `certutil` fills it), gets a secure context, registers the service worker,
records a hand and follows it live through Caddy. The same page over plain http on a LAN name
is no secure context and gets no service worker: what README.md warns of.

Needs Debian's caddy, libnss3-tools (certutil) and chromium; skipped without them unless
SCOREKEEPER_BROWSER_REQUIRED is set (.ci/run installs them)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import database_url
from tests.web.helpers import CHROMIUM, PHONE, SHOTS

ROOT = Path(__file__).resolve().parent.parent.parent
CADDYFILE = ROOT / "deploy" / "Caddyfile"
UNIT = ROOT / "deploy" / "scorekeeper.service"
ENV_FILE = ROOT / "deploy" / "scorekeeper.env"
INSTALLED = "/opt/scorekeeper"  # where the unit expects the project
NAME = "scores.test"  # a LAN name, not loopback: only HTTPS can make its pages secure
FOUR = ["Ann", "Bo", "Cy", "Di"]


def needed(*tools: str) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        if os.environ.get("SCOREKEEPER_BROWSER_REQUIRED"):
            pytest.fail(f"these tests need {', '.join(missing)} (apt-get install caddy "
                        "libnss3-tools chromium)")
        pytest.skip(f"{', '.join(missing)} not installed")


def caddy_env(home: Path, **settings: str) -> dict[str, str]:
    """Caddy's environment: its data (the local CA's keys and certificates) kept under `home`."""
    return {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"), **settings}


def adapted(home: Path, **settings: str) -> dict[str, Any]:
    """`caddy validate` passes, and the JSON config `caddy adapt` makes of the Caddyfile."""
    env = caddy_env(home, **settings)
    command = ["--config", str(CADDYFILE), "--adapter", "caddyfile"]
    checked = subprocess.run(["caddy", "validate", *command], env=env, capture_output=True,
                             text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    assert "Valid configuration" in checked.stdout + checked.stderr
    made = subprocess.run(["caddy", "adapt", *command], env=env, capture_output=True,
                          text=True, timeout=30, check=True)
    config: dict[str, Any] = json.loads(made.stdout)
    return config


def route_handlers(config: dict[str, Any]) -> list[dict[str, Any]]:
    """Every handler of the config's routes, subroutes included, in order."""
    found: list[dict[str, Any]] = []

    def walk(routes: list[dict[str, Any]]) -> None:
        for route in routes:
            for handler in route.get("handle", []):
                found.append(handler)
                walk(handler.get("routes", []))

    for server in config["apps"]["http"]["servers"].values():
        walk(server["routes"])
    return found


def issuers(config: dict[str, Any]) -> list[dict[str, Any]]:
    policies = config["apps"].get("tls", {}).get("automation", {}).get("policies", [])
    return [issuer for policy in policies for issuer in policy.get("issuers", [])]


def test_the_caddyfile_is_valid_for_a_public_name_and_for_a_lan(tmp_path: Path) -> None:
    needed("caddy")
    public = adapted(tmp_path, SCOREKEEPER_HOST="club.example",
                     SCOREKEEPER_TLS="admin@club.example")
    lan = adapted(tmp_path, SCOREKEEPER_HOST="scores.lan", SCOREKEEPER_TLS="internal",
                  SCOREKEEPER_UPSTREAM="127.0.0.1:9000")
    # (The public one's upstream is the default: deploy/scorekeeper.service's --bind.)
    # The public name gets its certificate from an ACME authority (Let's Encrypt, ZeroSSL), the
    # LAN its own from Caddy's local authority.
    assert {i["module"] for i in issuers(public)} <= {"acme", "zerossl"}
    assert any(i.get("email") == "admin@club.example" for i in issuers(public))
    assert [i["module"] for i in issuers(lan)] == ["internal"]
    for config, host, upstream in ((public, "club.example", "127.0.0.1:8000"),
                                   (lan, "scores.lan", "127.0.0.1:9000")):
        [server] = config["apps"]["http"]["servers"].values()
        assert server["listen"] == [":443"]
        assert server["routes"][0]["match"] == [{"host": [host]}]
        [proxy] = [h for h in route_handlers(config) if h["handler"] == "reverse_proxy"]
        assert proxy["upstreams"] == [{"dial": upstream}]
        # Event streams (live pages) are passed on unbuffered.
        assert proxy["flush_interval"] == -1
        # Nothing rewrites the forwarded headers: Caddy sends X-Forwarded-For and -Proto itself.
        assert "headers" not in proxy
    # Without a name or a TLS choice the file does not load: no half-configured server.
    for missing in ({"SCOREKEEPER_TLS": "internal"}, {"SCOREKEEPER_HOST": "scores.lan"}):
        env = caddy_env(tmp_path, **missing)
        env.pop("SCOREKEEPER_HOST" if "SCOREKEEPER_TLS" in missing else "SCOREKEEPER_TLS", None)
        refused = subprocess.run(["caddy", "validate", "--config", str(CADDYFILE), "--adapter",
                                  "caddyfile"], env=env, capture_output=True, text=True,
                                 timeout=30)
        assert refused.returncode != 0


def unit_settings() -> dict[str, str]:
    """deploy/scorekeeper.service's [Service] settings."""
    settings: dict[str, str] = {}
    for line in UNIT.read_text().splitlines():
        name, equals, value = line.partition("=")
        if equals and not line.startswith("#"):
            settings.setdefault(name.strip(), value.strip())
    return settings


def unit_command(bind: str) -> list[str]:
    """The unit's ExecStart as run from this folder, bound to `bind`."""
    command = shlex.split(unit_settings()["ExecStart"])
    assert command[0] == f"{INSTALLED}/.venv/bin/gunicorn"
    assert command[command.index("--bind") + 1] == "127.0.0.1:8000"  # Caddy's default upstream
    command[command.index("--bind") + 1] = bind
    # Open event streams end with the server, not 10 s later.
    return [sys.executable, "-m", "gunicorn", "--graceful-timeout", "2", *command[1:]]


def test_the_unit_runs_gunicorn_conf_with_its_settings_file(tmp_path: Path) -> None:
    settings = unit_settings()
    # gunicorn reads gunicorn.conf.py from the folder it starts in: the project's.
    assert settings["WorkingDirectory"] == INSTALLED
    assert settings["EnvironmentFile"] == "/etc/scorekeeper.env"
    assert f"{INSTALLED}/instance" in settings["ReadWritePaths"].split()
    named = {line.partition("=")[0] for line in ENV_FILE.read_text().splitlines()
             if line and not line.startswith("#")}
    assert named == {"DATABASE_URL", "SCOREKEEPER_PUBLIC_URL", "SCOREKEEPER_TRUSTED_HOSTS",
                     "SCOREKEEPER_PROXY_HOPS"}
    assert "SCOREKEEPER_PROXY_HOPS=1" in ENV_FILE.read_text().splitlines()
    if shutil.which("systemd-analyze"):  # systemd's own check, with the project where it is
        unit = tmp_path / UNIT.name
        unit.write_text(UNIT.read_text().replace(INSTALLED, str(ROOT)))
        checked = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                                 text=True, timeout=60)
        assert (checked.returncode, checked.stdout + checked.stderr) == (0, "")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running(command: list[str], env: dict[str, str], ready: str, log: Path) -> Iterator[str]:
    """A server process, once a line of its log matches `ready`: that match's first group."""
    with log.open("w+") as out:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=out,
                                   stderr=subprocess.STDOUT, text=True)
        try:
            deadline = time.monotonic() + 20
            while not (found := re.search(ready, log.read_text())):
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.05)
            yield found[1]
        finally:
            process.terminate()
            process.wait(timeout=15)


def trust(home: Path, root: Path) -> None:
    """What a phone's owner does once: trust Caddy's local root. Chromium on Linux reads the
    user's NSS database in $HOME/.pki/nssdb."""
    nssdb = f"sql:{home / '.pki' / 'nssdb'}"
    (home / ".pki" / "nssdb").mkdir(parents=True)
    subprocess.run(["certutil", "-d", nssdb, "-N", "--empty-password"], check=True, timeout=30)
    subprocess.run(["certutil", "-d", nssdb, "-A", "-t", "C,,", "-n", "Caddy Local Authority",
                    "-i", str(root)], check=True, timeout=30)


def hand(page: Any, bid: str, bidder: str, tricks: int) -> None:
    """A hand entered in taps and recorded."""
    page.get_by_role("button", name=re.compile(f"^{re.escape(bid)},")).tap()
    page.get_by_role("group", name="Bidder").get_by_role("button", name=bidder).tap()
    page.get_by_role("group", name=re.compile("^Tricks ")).get_by_role(
        "button", name=f"{tricks} tricks", exact=True).tap()
    page.locator("#preview .headline").wait_for()
    page.get_by_role("button", name="Record the hand").tap()


def test_the_page_over_caddys_https_on_a_lan(browser: Any, tmp_path: Path) -> None:
    needed("caddy", "certutil", str(CHROMIUM))
    home = tmp_path / "home"
    http_port, https_port = free_port(), free_port()
    site = f"https://{NAME}:{https_port}"
    app_env = {**os.environ, "DATABASE_URL": database_url(tmp_path),
               "SCOREKEEPER_PUBLIC_URL": site, "SCOREKEEPER_TRUSTED_HOSTS": NAME,
               "SCOREKEEPER_PROXY_HOPS": "1", "SCOREKEEPER_WORKERS": "1"}
    # The production server as deploy/scorekeeper.service starts it (gunicorn.conf.py), on a
    # free port; then Caddy in front of it with the LAN's settings.
    with running(unit_command("127.0.0.1:0"), app_env, r"Listening at: http://(\S+)",
                 tmp_path / "gunicorn.log") as upstream, \
            running(["caddy", "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                    caddy_env(home, SCOREKEEPER_HOST=NAME, SCOREKEEPER_TLS="internal",
                              SCOREKEEPER_UPSTREAM=upstream, SCOREKEEPER_CADDY_ADMIN="off",
                              SCOREKEEPER_HTTP_PORT=str(http_port),
                              SCOREKEEPER_HTTPS_PORT=str(https_port)),
                    r'"msg":"(serving initial configuration)"', tmp_path / "caddy.log"):
        root = home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        deadline = time.monotonic() + 10
        while not root.exists():
            assert time.monotonic() < deadline, (tmp_path / "caddy.log").read_text()
            time.sleep(0.05)
        trust(home, root)
        # A Chromium of its own (the suite's Playwright launches it): its home holds the trust.
        chromium = browser.browser_type.launch(
            executable_path=str(CHROMIUM), env={**os.environ, "HOME": str(home)},
            # The LAN's name resolves to this machine, as a club's router would say.
            args=[f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
        try:
            phone = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            page = phone.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(f"{site}/")
            page.get_by_role("button", name="Start the game").wait_for()
            assert page.evaluate("window.isSecureContext") is True
            # The service worker registers and takes the page: offline play works here.
            scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
            assert scope == f"{site}/"
            assert page.evaluate("typeof navigator.clipboard?.writeText") == "function"
            assert page.evaluate("'wakeLock' in navigator") is True
            # A game, a hand recorded through Caddy, and a spectator following it live.
            for i, name in enumerate(FOUR):
                page.get_by_label(f"Side {i // 2 + 1}, player {i % 2 + 1}").fill(name)
            page.get_by_role("button", name="Start the game").click()
            page.wait_for_selector("#entry")
            gid = int(re.search(r"#/g/(\d+)", page.url)[1])  # type: ignore[index]
            spectator = phone.new_page()
            spectator.goto(f"{site}/#/g/{gid}/watch")
            spectator.wait_for_selector("text=No hands yet.")
            hand(page, "7 spades", "Ann", 8)
            page.wait_for_selector("text=1. 7♠ by Ann")
            spectator.wait_for_selector("text=1. 7♠ by Ann", timeout=10_000)
            assert spectator.locator(".total b").all_inner_texts() == ["140", "20"]
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "https-caddy-lan.png"))
            assert errors == []
            phone.close()
            # The same page over plain http by the LAN's name (gunicorn straight, as with
            # `--host 0.0.0.0`): no secure context, so no service worker.
            plain = chromium.new_context(viewport=PHONE)
            bare = plain.new_page()
            port = upstream.rsplit(":", 1)[1]
            bare.goto(f"http://{NAME}:{port}/")
            bare.get_by_role("button", name="Start the game").wait_for()
            assert bare.evaluate("window.isSecureContext") is False
            assert bare.evaluate("'serviceWorker' in navigator") is False
            plain.close()
        finally:
            chromium.close()
    gunicorn_log = (tmp_path / "gunicorn.log").read_text()
    assert "Traceback" not in gunicorn_log and "[ERROR]" not in gunicorn_log, gunicorn_log
