"""Production settings: `gunicorn 'scorekeeper:create_app()'` run in this folder reads them.

gevent workers: every request is a greenlet, so an open live page (an event stream that waits for
the next change) costs a few KiB of memory and no thread, and thousands stay open while hands go
in. The CPU work is Python either way, so one worker per core; psycopg 3 and the SQLite writers'
turn (threading locks, sleeps) yield to other greenlets under gevent's monkey-patching.
Each setting can be changed on the command line (`--bind 127.0.0.1:9000`) or in the environment.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import resource

bind = os.environ.get("SCOREKEEPER_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("SCOREKEEPER_WORKERS", multiprocessing.cpu_count()))
worker_class = "gevent"
# Connections each worker holds at once, live pages included (each one a file descriptor).
worker_connections = int(os.environ.get("SCOREKEEPER_WORKER_CONNECTIONS", "10000"))
# A request gets this long to finish when the server stops or restarts; open live pages are then
# closed and EventSource reconnects to a running worker.
graceful_timeout = 10
timeout = 30
keepalive = 5
# No control socket: nothing here uses it, and two servers on one machine would share its path.
control_socket_disable = True


def _more_open_files() -> None:
    """Let the server hold as many sockets as the system allows this user (the soft limit is
    often 1024, which a few hundred live pages per worker would reach)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 1 << 20
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


_more_open_files()


def post_worker_init(_worker: object) -> None:
    """Once the app is loaded, its objects (about 150,000: modules, catalogs, the spec) are left
    out of garbage collection: a full collection walked them all, 50 to 90 ms in which every
    request of the worker waited (issue 25); it now walks what requests made since."""
    gc.freeze()
