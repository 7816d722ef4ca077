"""Thousands of open live pages: how fast a change reaches every open event stream of one game,
then of one tournament, what the writes cost meanwhile and how much memory the streams take.

Usage: python benchmarks/live.py [--database-url URL] [--servers 1|2] [--streams 5000]
                                 [--changes 20] [--spacing 1.5] [--burst 200] [--clients 2]
                                 [--per-address 150] [--workers N] [--worker-class CLASS]
                                 [--threads N]

It serves the app as production does: the schema is migrated once with `flask db upgrade`, then
`gunicorn 'scorekeeper:create_app()'` runs from the project root (so gunicorn.conf.py there
applies; --workers, --worker-class and --threads override it) with SCOREKEEPER_AUTO_MIGRATE=0 and
SCOREKEEPER_WRITE_LIMIT=0, on a free port of 127.0.0.1. The streams are opened by client
processes (epoll on raw non-blocking sockets, the bodies never parsed: only the `id:` lines are
looked for), spread over the loopback source addresses 127.0.0.2, 127.0.0.3, ... at most
--per-address streams each, so the server's cap on streams per address stays in force. Only
127.x addresses of this machine are ever connected to. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import errno
import http.client
import json
import math
import multiprocessing
import os
import platform
import random
import re
import resource
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import sqlalchemy
from tournament import deal_scores  # benchmarks/tournament.py

ROOT = Path(__file__).resolve().parent.parent
API = "/api/v1"
HOST = "127.0.0.1"  # the servers listen here; the streams come from 127.0.0.2 and up
SIDES = [{"name": "North-South", "players": ["Ann", "Cy"]},
         {"name": "East-West", "players": ["Bo", "Di"]}]
# Nobody reaches a target of a million (each hand adds 40 to each side) and nobody goes out the
# back door, so the game never ends and every hand keeps being accepted.
OPTIONS = {"target": 1_000_000, "lose_at": None}
HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}  # the body of every hand written
GAMES_PER_MATCH = 15  # the most a qualifying match may have: fewer teams for as many reports
MISSED_S = 5.0  # a stream that has not got a change this long after its write missed it
OPEN_TIMEOUT_S = 90.0  # a stream without its first update by then failed to open
CONNECTING = 100  # streams being opened at once by each client process
READY_TIMEOUT_S = 60.0
RECV_BYTES = 65536
IDLE_S = 1.0  # the writer reconnects before a write after this long idle (keepalive is 2-5 s)
LOG_ERRORS = re.compile(r"Traceback|\[ERROR\]|\[CRITICAL\]|WORKER TIMEOUT")


# -- the client processes --------------------------------------------------------------------------


def source_address(number: int) -> str:
    """The number-th loopback source address: 127.0.0.2 ... 127.0.0.254, 127.0.1.2 ..."""
    high, low = divmod(number, 253)
    return f"127.{high // 256}.{high % 256}.{low + 2}"


class Stream:
    """One open event stream: its socket, where its bytes are in the HTTP reply, the last id."""

    __slots__ = ("body", "chunk_left", "chunked", "first", "head", "index", "last", "pending",
                 "port", "sock", "started", "tail")

    def __init__(self, index: int, sock: socket.socket, port: int) -> None:
        self.index = index
        self.sock = sock
        self.port = port
        self.started = time.monotonic()  # the connect
        self.head = b""  # the reply's status line and headers, until the blank line
        self.body = False  # past the headers
        self.chunked = False
        self.chunk_left = 0  # >0: bytes left in this chunk; 0: a size line next; -1: its CRLF
        self.pending = b""  # an incomplete chunk size line or CRLF
        self.tail = b"\n"  # the end of the last bytes, in case an id line is cut in two
        self.first: float | None = None  # when the first update came
        self.last = b""  # the id of the last update

    def feed(self, data: bytes, now: float, client: Client) -> None:
        """Bytes of the body, still chunked if the reply is: the payload goes to scan()."""
        if not self.chunked:
            self.scan(data, now, client)
            return
        if self.pending:
            data, self.pending = self.pending + data, b""
        pos, size = 0, len(data)
        while pos < size:
            if self.chunk_left > 0:
                take = min(self.chunk_left, size - pos)
                self.scan(data[pos:pos + take], now, client)
                self.chunk_left -= take
                pos += take
                if not self.chunk_left:
                    self.chunk_left = -1
            elif self.chunk_left < 0:
                if size - pos < 2:
                    self.pending = data[pos:]
                    return
                pos += 2
                self.chunk_left = 0
            else:
                end = data.find(b"\r\n", pos)
                if end < 0:
                    self.pending = data[pos:]
                    return
                self.chunk_left = int(data[pos:end].split(b";")[0], 16) or -2
                pos = end + 2
                if self.chunk_left == -2:  # the last chunk: the server ended the stream
                    return

    def scan(self, payload: bytes, now: float, client: Client) -> None:
        """Find the `id:` lines (a JSON data line holds no newline, so none is found in one)."""
        text = self.tail + payload
        start = 0
        while (found := text.find(b"\nid: ", start)) >= 0:
            end = text.find(b"\n", found + 5)
            if end < 0:
                self.tail = text[found:]
                return
            client.update(self, text[found + 5:end], now)
            start = end
        self.tail = text[max(start, len(text) - 4):]


class Client:
    """A client process: its share of the streams, on epoll; commands come through `conn`."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.poll = select.epoll()
        self.poll.register(conn.fileno(), select.EPOLLIN)
        self.streams: dict[int, Stream] = {}  # by file descriptor
        self.waiting: list[tuple[int, str, int]] = []  # (index, source address, port) to open
        self.path = ""
        self.opening: dict[str, Any] | None = None  # the open command's progress, until done
        self.connecting = 0  # connected or connecting, no first update yet
        self.recording = False
        self.arrivals: dict[bytes, dict[int, float]] = {}  # id -> stream index -> when
        self.failed: Counter[str] = Counter()  # why streams failed to open
        self.ended: Counter[str] = Counter()  # why open streams ended during the run
        self.lost: list[tuple[int, int]] = []  # the streams that ended: index, server port
        self.opened = 0
        self.updates = 0  # update events received, all streams together

    def run(self) -> None:
        while True:
            events = self.poll.poll(0.2)
            now = time.monotonic()  # the bytes were in the socket when epoll answered
            for fd, mask in events:
                if fd == self.conn.fileno():
                    try:
                        message = self.conn.recv()
                    except EOFError:  # the main process is gone
                        return
                    if not self.command(message):
                        return
                    continue
                stream = self.streams.get(fd)
                if stream is None:
                    continue
                if stream.first is None and not stream.head and mask & select.EPOLLOUT:
                    self.connected(stream, fd)
                else:
                    self.readable(stream, fd, now)
            if self.opening is not None:
                self.open_more(now)

    # -- commands from the main process

    def command(self, message: tuple[Any, ...]) -> bool:
        name, *args = message
        if name == "open":
            self.path, streams = args
            self.waiting = list(reversed(streams))
            self.opening = {"started": time.monotonic(), "done": time.monotonic(),
                            "opened": self.opened, "waits": []}
            self.failed.clear()
            self.ended.clear()
            self.lost.clear()
            self.open_more(time.monotonic())
        elif name == "record":
            self.recording = args[0]
            self.arrivals.clear()
        elif name == "seen":  # how many streams have got this id, recorded or last
            tag = args[0].encode()
            if self.recording:
                self.conn.send(len(self.arrivals.get(tag, ())))
            else:
                self.conn.send(sum(s.last == tag for s in self.streams.values() if s.body))
        elif name == "collect":
            self.conn.send(self.collect(args[0]))
        elif name == "status":
            self.conn.send({"open": sum(1 for s in self.streams.values() if s.first),
                            "ended": dict(self.ended), "cpu": time.process_time(),
                            "updates": self.updates})
        elif name == "close":
            for fd, stream in list(self.streams.items()):
                self.drop(fd, stream)
            self.opened = self.connecting = 0
            self.waiting.clear()
            self.conn.send("closed")
        elif name == "quit":
            return False
        return True

    def collect(self, changes: list[tuple[str, float]]) -> dict[str, Any]:
        """The delivery delays (ms) of the recorded changes, and the streams that missed one."""
        opened = [(s.index, s.port) for s in self.streams.values() if s.first is not None]
        opened += self.lost
        delays: dict[int, list[float]] = {}  # by the server's port
        spans: list[tuple[float, float]] = []  # each change's first and last delivery
        missed: set[int] = set()
        pairs = 0
        for tag, sent in changes:
            got = self.arrivals.get(tag.encode(), {})
            times = []
            for index, port in opened:
                when = got.get(index)
                if when is None or when - sent > MISSED_S:
                    missed.add(index)
                    pairs += 1
                else:
                    times.append((when - sent) * 1000)
                    delays.setdefault(port, []).append(times[-1])
            spans.append((min(times), max(times)) if times else (math.nan, math.nan))
        self.arrivals.clear()
        return {"delays": delays, "spans": spans, "missed_streams": len(missed),
                "missed_pairs": pairs}

    # -- opening streams

    def open_more(self, now: float) -> None:
        opening = self.opening
        assert opening is not None
        while self.waiting and self.connecting < CONNECTING:
            self.connect(*self.waiting.pop())
        if now - opening["started"] > OPEN_TIMEOUT_S:
            for fd, stream in list(self.streams.items()):
                if stream.first is None:
                    self.fail(fd, stream, f"no first update within {OPEN_TIMEOUT_S:.0f} s")
            while self.waiting:
                self.waiting.pop()
                self.failed["not connected in time"] += 1
        if not self.waiting and not self.connecting:
            self.conn.send({"opened": self.opened - opening["opened"],
                            "failed": dict(self.failed), "done": opening["done"],
                            "waits": opening["waits"]})
            self.opening = None

    def connect(self, index: int, address: str, port: int) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.bind((address, 0))
            code = sock.connect_ex((HOST, port))
        except OSError as error:
            sock.close()
            self.failed[f"connect: {errno.errorcode.get(error.errno or 0, error)}"] += 1
            return
        if code not in (0, errno.EINPROGRESS):
            sock.close()
            self.failed[f"connect: {errno.errorcode.get(code, code)}"] += 1
            return
        self.streams[sock.fileno()] = Stream(index, sock, port)
        self.poll.register(sock.fileno(), select.EPOLLOUT)
        self.connecting += 1

    def connected(self, stream: Stream, fd: int) -> None:
        code = stream.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if code:
            self.fail(fd, stream, f"connect: {errno.errorcode.get(code, code)}")
            return
        request = (f"GET {self.path} HTTP/1.1\r\nHost: {HOST}:{stream.port}\r\n"
                   f"Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n").encode()
        try:
            sent = stream.sock.send(request)
        except OSError as error:
            self.fail(fd, stream, f"send: {errno.errorcode.get(error.errno or 0, error)}")
            return
        if sent != len(request):
            self.fail(fd, stream, "send: request cut short")
            return
        stream.head = b" "  # sent: from now on wait for the reply
        self.poll.modify(fd, select.EPOLLIN)

    def readable(self, stream: Stream, fd: int, now: float) -> None:
        try:
            data = stream.sock.recv(RECV_BYTES)
        except BlockingIOError:
            return
        except OSError as error:
            self.lose(fd, stream, f"recv: {errno.errorcode.get(error.errno or 0, error)}")
            return
        if not data:
            self.lose(fd, stream, "closed by the server")
            return
        if stream.body:
            stream.feed(data, now, self)
            return
        stream.head += data
        end = stream.head.find(b"\r\n\r\n")
        if end < 0:
            if len(stream.head) > 65536:
                self.fail(fd, stream, "reply headers too long")
            return
        head, rest = stream.head[1:end], stream.head[end + 4:]
        status = head.split(b"\r\n", 1)[0].split(b" ")
        code = status[1].decode() if len(status) > 1 else "?"
        if code != "200":
            self.fail(fd, stream, f"HTTP {code}")
            return
        stream.body = True
        stream.chunked = b"transfer-encoding: chunked" in head.lower()
        if rest:
            stream.feed(rest, now, self)

    def update(self, stream: Stream, tag: bytes, now: float) -> None:
        stream.last = tag
        self.updates += 1
        if stream.first is None:
            stream.first = now
            self.opened += 1
            self.connecting -= 1
            if self.opening is not None:
                self.opening["done"] = now
                self.opening["waits"].append((now - stream.started) * 1000)
        if self.recording:
            got = self.arrivals.setdefault(tag, {})
            if stream.index not in got:
                got[stream.index] = now

    # -- streams that end

    def fail(self, fd: int, stream: Stream, why: str) -> None:
        """A stream that never got its first update."""
        self.failed[why] += 1
        self.connecting -= 1
        self.drop(fd, stream)

    def lose(self, fd: int, stream: Stream, why: str) -> None:
        """A stream that ended: before its first update it failed to open, after it was lost."""
        if stream.first is None:
            self.fail(fd, stream, why if stream.body else f"{why} before replying")
            return
        self.ended[why] += 1
        self.lost.append((stream.index, stream.port))
        self.drop(fd, stream)

    def drop(self, fd: int, stream: Stream) -> None:
        self.poll.unregister(fd)
        stream.sock.close()
        del self.streams[fd]


def client_main(conn: Connection) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process stops us
    Client(conn).run()


@dataclass
class Clients:
    """The client processes and their pipes."""

    processes: list[multiprocessing.process.BaseProcess] = field(default_factory=list)
    pipes: list[Connection] = field(default_factory=list)

    def ask(self, *message: Any) -> list[Any]:
        for pipe in self.pipes:
            pipe.send(message)
        return [pipe.recv() for pipe in self.pipes]

    def tell(self, *message: Any) -> None:
        for pipe in self.pipes:
            pipe.send(message)


@contextmanager
def client_processes(count: int) -> Iterator[Clients]:
    context = multiprocessing.get_context("fork")
    clients = Clients()
    try:
        for _ in range(count):
            mine, theirs = context.Pipe()
            process = context.Process(target=client_main, args=(theirs,), daemon=True)
            process.start()
            theirs.close()
            clients.processes.append(process)
            clients.pipes.append(mine)
        yield clients
    finally:
        for pipe in clients.pipes:
            with suppress(OSError):
                pipe.send(("quit",))
        for process in clients.processes:
            process.join(timeout=10)
            if process.is_alive():
                process.terminate()
                process.join()


# -- the servers -----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    log: Path


@contextmanager
def gunicorn(args: argparse.Namespace, env: dict[str, str], log: Path) -> Iterator[Server]:
    """gunicorn serving the app on a free port, from the project root (gunicorn.conf.py applies),
    until the block ends (also on error or Ctrl-C). It runs in its own session so that Ctrl-C
    reaches only this script, which then stops it gracefully."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "--bind", f"{HOST}:{port}"]
    if args.workers:
        command += ["--workers", str(args.workers)]
    if args.worker_class:
        command += ["--worker-class", args.worker_class]
    if args.threads:
        command += ["--threads", str(args.threads)]
    command.append("scorekeeper:create_app()")
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(port, process, log)
    try:
        wait_ready(server)
        yield server
    finally:
        process.send_signal(signal.SIGTERM)  # graceful: workers finish their requests
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_ready(server: Server) -> None:
    """Until the server answers and every worker it started has booted."""
    deadline = time.monotonic() + READY_TIMEOUT_S
    while True:
        if server.process.poll() is not None:
            sys.exit(f"gunicorn exited with {server.process.returncode}:\n"
                     f"{server.log.read_text()}")
        try:
            connection = http.client.HTTPConnection(HOST, server.port, timeout=5)
            connection.request("GET", f"{API}/variants")
            answered = connection.getresponse().status == 200
            connection.close()
        except OSError:
            answered = False
        workers = children(server.process.pid)
        booted = server.log.read_text().count("Booting worker")
        if answered and workers and booted >= len(workers):
            return
        if time.monotonic() > deadline:
            sys.exit(f"gunicorn was not ready within {READY_TIMEOUT_S:.0f} s:\n"
                     f"{server.log.read_text()}")
        time.sleep(0.2)


def children(pid: int) -> list[int]:
    """The processes whose parent is pid (gunicorn's workers)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def rss_kib(servers: list[Server]) -> int:
    """VmRSS of every gunicorn master and its workers, added up."""
    total = 0
    for server in servers:
        for pid in [server.process.pid, *children(server.process.pid)]:
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
            total += int(match[1]) if match else 0
    return total


# -- writing ---------------------------------------------------------------------------------------


class Writer:
    """One kept-alive HTTP connection to the first server, for preparing and writing."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection(HOST, port, timeout=60)
        self.used = time.monotonic()

    def fresh(self) -> None:
        """A new connection if this one has been idle long enough for the server to close it
        (gunicorn's keepalive): made before a timed write, so that no write times a connect or
        fails on a closed connection."""
        if time.monotonic() - self.used > IDLE_S:
            self.connection.close()
            self.connection.connect()

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             expect: int = 200) -> tuple[int, dict[str, Any], str]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        try:
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
            text = response.read().decode()
        except (OSError, http.client.HTTPException):
            self.connection.close()  # reconnects at the next request
            raise
        self.used = time.monotonic()
        etag = (response.getheader("ETag") or "").removeprefix("W/").strip('"')
        if expect and response.status != expect:
            sys.exit(f"{method} {path}: expected {expect}, got {response.status}: {text}")
        reply = json.loads(text) if text.startswith("{") else {}
        return response.status, reply, etag


class Target:
    """What the streams follow and how a change is written to it."""

    name = ""
    path = ""

    def write(self, writer: Writer) -> tuple[int, str]:
        """One change: the reply's status and the new ETag without quotes."""
        raise NotImplementedError


class GameTarget(Target):
    name = "game"

    def __init__(self, writer: Writer) -> None:
        _, created, _ = writer.call("POST", f"{API}/games", {
            "variant": "australian-500", "sides": SIDES, "options": OPTIONS}, expect=201)
        self.token = created["token"]
        self.path = f"{API}/games/{created['id']}/events"
        self.hands = f"{API}/games/{created['id']}/hands"

    def write(self, writer: Writer) -> tuple[int, str]:
        status, _, etag = writer.call("POST", self.hands, HAND, self.token, expect=0)
        return status, etag


class TournamentTarget(Target):
    """A drawn quebec-500 tournament of enough teams that every write reports the next game of a
    qualifying match (GAMES_PER_MATCH games each), match after match."""

    name = "tournament"

    def __init__(self, writer: Writer, reports: int) -> None:
        teams = max(4, 2 * math.ceil(reports / GAMES_PER_MATCH))
        _, created, _ = writer.call("POST", f"{API}/tournaments", {
            "name": "Live benchmark", "variant": "quebec-500", "format": "quebec",
            "options": {"games_per_match": {"qualifying": GAMES_PER_MATCH}},
            "teams": [{"name": f"Team {n}", "players": [f"Player {n}a", f"Player {n}b"]}
                      for n in range(1, teams + 1)]}, expect=201)
        self.teams = teams
        self.token = created["token"]
        url = f"{API}/tournaments/{created['id']}"
        self.path = f"{url}/events"
        _, drawn, _ = writer.call("POST", f"{url}/draw", {"seed": 500}, self.token)
        self.matches = [f"{url}/matches/{match['id']}/games"
                        for match in drawn["rounds"][0]["matches"] if match["kind"] != "bye"]
        self.matches.reverse()
        self.rng = random.Random(500)

    def write(self, writer: Writer) -> tuple[int, str]:
        if not self.matches:
            sys.exit("the tournament has no match left to report a game to")
        status, reply, etag = writer.call("POST", self.matches[-1], {
            "scores": deal_scores(self.rng)}, self.token, expect=0)
        if status == 201 and reply["match"]["status"] == "complete":
            self.matches.pop()
        return status, etag


# -- one run: N streams on one target --------------------------------------------------------------


@dataclass
class Row:
    database: str
    servers: int
    target: str
    streams: int = 0
    opened: int = 0
    open_s: float = 0.0
    delivery: list[float] = field(default_factory=list)  # ms, every (stream, change) in time
    missed_streams: int = 0
    missed_pairs: int = 0
    writes: list[float] = field(default_factory=list)  # ms, the spaced changes
    burst: list[float] = field(default_factory=list)  # ms
    burst_s: float = 0.0
    rss_before: int = 0  # KiB
    rss_open: int = 0  # KiB


def percentile(samples: list[float], share: float) -> float:
    """Nearest rank."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


class Bench:
    def __init__(self, args: argparse.Namespace, servers: list[Server], clients: Clients,
                 database: str) -> None:
        self.args = args
        self.servers = servers
        self.clients = clients
        self.database = database
        self.writer = Writer(servers[0].port)
        self.problems: list[str] = []
        self.runs = 0

    def wait_seen(self, tag: str, count: int, deadline: float) -> int:
        """Until `count` streams have got the update `tag`, or the deadline; how many did."""
        while True:
            seen = sum(self.clients.ask("seen", tag))
            if seen >= count or time.monotonic() >= deadline:
                return seen
            time.sleep(0.05)

    def open_streams(self, target: Target, row: Row) -> None:
        """N streams split over the client processes (and the servers), each from its source
        address; the time until every one has got its first update."""
        args = self.args
        shares: list[list[tuple[int, str, int]]] = [[] for _ in self.clients.pipes]
        first_address = self.runs * 1000  # each run its own addresses: none is still counted
        for index in range(args.streams):
            address = source_address(first_address + index // args.per_address)
            port = self.servers[index % len(self.servers)].port  # half and half with two
            shares[index % len(shares)].append((index, address, port))
        started = time.monotonic()
        for pipe, share in zip(self.clients.pipes, shares, strict=True):
            pipe.send(("open", target.path, share))
        done = started
        failed: Counter[str] = Counter()
        waits: list[float] = []  # each stream's, from its connect to its first update
        for pipe in self.clients.pipes:
            result = pipe.recv()
            row.opened += result["opened"]
            done = max(done, result["done"])
            failed.update(result["failed"])
            waits += result["waits"]
        for why, count in failed.items():
            self.problems.append(f"{row.target}: {count} streams failed to open: {why}")
        row.open_s = done - started
        print(f"  {row.opened} of {args.streams} streams open in {row.open_s:.1f} s (each from "
              f"its connect to its first update: p50 {percentile(waits, 0.5):.0f} ms, "
              f"p99 {percentile(waits, 0.99):.0f} ms, max {max(waits, default=0):.0f} ms)",
              flush=True)

    def run(self, target: Target) -> Row:
        args = self.args
        row = Row(self.database, len(self.servers), target.name, streams=args.streams)
        print(f"{target.name}: {args.streams} streams", flush=True)
        for _ in range(3):  # untimed: the first writes and views warm the workers up
            self.writer.fresh()
            target.write(self.writer)
        time.sleep(1)
        row.rss_before = rss_kib(self.servers)
        started, cpu = time.monotonic(), sum(s["cpu"] for s in self.clients.ask("status"))
        self.open_streams(target, row)
        self.runs += 1

        # Spaced changes: every stream should get each one.
        self.clients.tell("record", True)
        changes: list[tuple[str, float]] = []
        for number in range(args.changes):
            # ±10 %: the changes then fall at every point of a polling watcher's interval.
            slot = time.monotonic() + args.spacing * random.uniform(0.9, 1.1)
            self.writer.fresh()
            sent = time.monotonic()
            status, tag = target.write(self.writer)
            row.writes.append((time.monotonic() - sent) * 1000)
            if status in (200, 201) and tag:
                changes.append((tag, sent))
            else:
                self.problems.append(f"{target.name}: change {number + 1} got HTTP {status}")
            if number + 1 < args.changes:
                time.sleep(max(0.0, slot - time.monotonic()))
        if changes:
            last_tag, last_sent = changes[-1]
            self.wait_seen(last_tag, row.opened, last_sent + MISSED_S)
        results = self.clients.ask("collect", changes)
        by_server: dict[int, list[float]] = {server.port: [] for server in self.servers}
        # Each change's first and last delivery over all the clients: how long the fan-out took.
        firsts = [min(result["spans"][n][0] for result in results) for n in range(len(changes))]
        lasts = [max(result["spans"][n][1] for result in results) for n in range(len(changes))]
        for result in results:
            for port, delays in result["delays"].items():
                by_server[port] += delays
            row.missed_streams += result["missed_streams"]
            row.missed_pairs += result["missed_pairs"]
        row.delivery = [delay for delays in by_server.values() for delay in delays]
        row.rss_open = rss_kib(self.servers)
        print(f"  {len(changes)} changes: delivery p50 {percentile(row.delivery, 0.5):.0f} ms, "
              f"p99 {percentile(row.delivery, 0.99):.0f} ms; "
              f"write p50 {percentile(row.writes, 0.5):.1f} ms", flush=True)
        print(f"    each change's first delivery: median {statistics.median(firsts):.0f} ms, "
              f"its last: median {statistics.median(lasts):.0f} ms", flush=True)
        if len(self.servers) > 1:  # the writes all went to the first
            for number, delays in enumerate(by_server.values(), 1):
                print(f"    streams on server {number}: {len(delays)} deliveries, "
                      f"p50 {percentile(delays, 0.5):.0f} ms, "
                      f"p99 {percentile(delays, 0.99):.0f} ms", flush=True)
        if row.missed_pairs:
            self.problems.append(f"{target.name}: {row.missed_streams} streams missed a change "
                                 f"({row.missed_pairs} of {len(changes) * row.opened} "
                                 f"stream-changes not received within {MISSED_S:.0f} s)")

        # A burst of writes back to back, the streams still open; then they must all catch up.
        self.clients.tell("record", False)
        tag = ""
        failed: Counter[int] = Counter()
        self.writer.fresh()
        updates = sum(s["updates"] for s in self.clients.ask("status"))
        burst_started = time.monotonic()
        for _ in range(args.burst):
            if time.monotonic() - burst_started > args.burst_seconds:
                break
            sent = time.monotonic()
            status, etag = target.write(self.writer)
            row.burst.append((time.monotonic() - sent) * 1000)
            if status in (200, 201):
                tag = etag
            else:
                failed[status] += 1
        row.burst_s = time.monotonic() - burst_started
        for status, count in failed.items():
            self.problems.append(f"{target.name}: {count} burst writes got HTTP {status}")
        if tag:
            caught_up = self.wait_seen(tag, row.opened, time.monotonic() + MISSED_S)
            if caught_up < row.opened:
                self.problems.append(f"{target.name}: {row.opened - caught_up} streams did not "
                                     f"get the burst's last change within {MISSED_S:.0f} s "
                                     f"after it")
        updates = sum(s["updates"] for s in self.clients.ask("status")) - updates
        print(f"  burst of {len(row.burst)} writes in {row.burst_s:.1f} s: write p50 "
              f"{percentile(row.burst, 0.5):.1f} ms, p99 {percentile(row.burst, 0.99):.1f} ms; "
              f"each stream got {updates / max(row.opened, 1):.1f} of its versions", flush=True)

        ended: Counter[str] = Counter()
        statuses = self.clients.ask("status")
        for status in statuses:
            ended.update(status["ended"])
        cpu = sum(s["cpu"] for s in statuses) - cpu
        print(f"  the {len(statuses)} client processes used {cpu:.1f} s of CPU in "
              f"{time.monotonic() - started:.0f} s", flush=True)
        for why, count in ended.items():
            self.problems.append(f"{target.name}: {count} open streams ended during the run: "
                                 f"{why}")
        self.clients.ask("close")
        return row


# -- the report ------------------------------------------------------------------------------------


def ms(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def report(rows: list[Row]) -> None:
    print("\n| database | servers | target | streams | open s | delivery p50 ms | p99 ms | "
          "max ms | missed | write p50 ms | write p99 ms | burst writes | burst p50 ms | "
          "burst p99 ms | RSS MiB | KiB/stream |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
          "---: | ---: | ---: | ---: |")
    for row in rows:
        per_stream = (row.rss_open - row.rss_before) / row.opened if row.opened else math.nan
        streams = str(row.streams) if row.opened == row.streams else f"{row.opened}/{row.streams}"
        print(f"| {row.database} | {row.servers} | {row.target} | {streams} | "
              f"{row.open_s:.1f} | {ms(percentile(row.delivery, 0.5))} | "
              f"{ms(percentile(row.delivery, 0.99))} | "
              f"{ms(max(row.delivery) if row.delivery else math.nan)} | {row.missed_streams} | "
              f"{ms(percentile(row.writes, 0.5))} | {ms(percentile(row.writes, 0.99))} | "
              f"{len(row.burst)} in {row.burst_s:.0f} s | "
              f"{ms(percentile(row.burst, 0.5))} | {ms(percentile(row.burst, 0.99))} | "
              f"{row.rss_open / 1024:.0f} | {per_stream:.1f} |")


def package(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "not installed"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url",
                        help="SQLAlchemy URL (default: a fresh SQLite file in a temporary folder)")
    parser.add_argument("--servers", type=int, choices=(1, 2), default=1,
                        help="app servers on the database; the streams are split between them, "
                             "the writes all go to the first (1)")
    parser.add_argument("--streams", type=int, default=5000,
                        help="open streams on the game, then on the tournament (5000)")
    parser.add_argument("--changes", type=int, default=20,
                        help="spaced changes whose delivery is timed (20)")
    parser.add_argument("--spacing", type=float, default=1.5,
                        help="seconds from one spaced change to the next (1.5)")
    parser.add_argument("--burst", type=int, default=200,
                        help="writes sent back to back after the spaced ones (200)")
    parser.add_argument("--burst-seconds", type=float, default=30,
                        help="the burst stops after this long even if --burst writes have not "
                             "all been sent (30)")
    parser.add_argument("--clients", type=int, default=os.cpu_count() or 2,
                        help="client processes sharing the streams (the number of CPUs)")
    parser.add_argument("--per-address", type=int, default=150,
                        help="streams from each loopback source address (150; the server "
                             "refuses more than SCOREKEEPER_STREAMS_PER_ADDRESS, 200)")
    parser.add_argument("--workers", type=int, help="gunicorn workers (gunicorn.conf.py's)")
    parser.add_argument("--worker-class", help="gunicorn worker class (gunicorn.conf.py's)")
    parser.add_argument("--threads", type=int, help="threads per gthread worker")
    args = parser.parse_args()
    if min(args.streams, args.changes, args.clients, args.per_address) < 1 or args.burst < 0:
        parser.error("--streams, --changes, --clients and --per-address must be at least 1, "
                     "--burst at least 0")
    if args.spacing * args.changes > 600:
        parser.error("--spacing × --changes must stay within 10 minutes")

    # One descriptor per stream, here and in the servers (which inherit the limit).
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard != resource.RLIM_INFINITY and hard < args.streams + 100:
        sys.exit(f"RLIMIT_NOFILE's hard limit {hard} is below {args.streams} streams")

    load_before = os.getloadavg()[0]
    problems: list[str] = []
    rows: list[Row] = []
    worker_classes: set[str] = set()
    workers: list[int] = []
    teams = 0
    with tempfile.TemporaryDirectory(prefix="scorekeeper-live-") as tmp:
        folder = Path(tmp)
        url = args.database_url or f"sqlite:///{folder / 'live.sqlite'}"
        env = {**os.environ, "DATABASE_URL": url, "SCOREKEEPER_WRITE_LIMIT": "0",
               "SCOREKEEPER_AUTO_MIGRATE": "0"}
        subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
                       cwd=ROOT, env=env, check=True)
        with sqlalchemy.create_engine(url).connect() as connection:
            dialect = connection.dialect
            server_version = ".".join(map(str, dialect.server_version_info or ()))
        database = "SQLite" if dialect.name == "sqlite" else "PostgreSQL"
        logs = [folder / f"gunicorn-{n + 1}.log" for n in range(args.servers)]
        try:
            with ExitStack() as stack:
                servers = [stack.enter_context(gunicorn(args, env, log)) for log in logs]
                workers = [len(children(server.process.pid)) for server in servers]
                clients = stack.enter_context(client_processes(args.clients))
                bench = Bench(args, servers, clients, database)
                problems = bench.problems
                reports = 3 + args.changes + args.burst
                game, tournament = (GameTarget(bench.writer),
                                    TournamentTarget(bench.writer, reports))
                teams = tournament.teams
                for target in (game, tournament):
                    rows.append(bench.run(target))
        finally:  # also when the run stops early: the servers' side of the story
            for number, log in enumerate(logs, 1):
                text = log.read_text() if log.exists() else ""
                worker_classes.update(re.findall(r"Using worker: (\S+)", text))
                lines = [line for line in text.splitlines() if LOG_ERRORS.search(line)]
                if lines:
                    problems.append(f"gunicorn {number} logged {len(lines)} error lines "
                                    f"(the last 60 lines of its log are above)")
                    tail = "\n".join(text.splitlines()[-60:])
                    print(f"\ngunicorn {number}'s log (last 60 lines):\n{tail}", flush=True)

    report(rows)
    threads = f", {args.threads} threads" if args.threads else ""
    print(f"\nMachine: {os.cpu_count()} CPUs, Python {platform.python_version()}, gunicorn "
          f"{package('gunicorn')}, gevent {package('gevent')}, load average {load_before:.2f} "
          f"before the run")
    print(f"Settings: {dialect.name}+{dialect.driver} {server_version}, {args.servers} server(s) "
          f"of {'+'.join(map(str, workers))} workers, worker class "
          f"{', '.join(sorted(worker_classes)) or '?'}{threads}; {args.streams} streams from "
          f"{args.clients} client processes, {args.per_address} per source address; "
          f"{args.changes} changes {args.spacing} s apart, a burst of {args.burst}; "
          f"the tournament of {teams} teams, {GAMES_PER_MATCH} games a qualifying match")
    if problems:
        print("\nPROBLEMS:\n" + "\n".join(f"- {p}" for p in problems))
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
