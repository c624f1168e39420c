"""Bounded work per request: the costly parts of a request run in few places at once, for a while.

A sync gunicorn worker that spends seconds of CPU on one request is a worker no one
else can use; a handful of such requests sent together (each far under its rate limit)
took every worker and the machine's two cores, and ``/api/v1/ping`` waited 30 s (issue
#34).  Two bounds apply to every costly step (a turn of the assistant, decoding photos):

- ``slot(kind)``: at most ``PORTAL_HEAVY_SLOTS`` such steps run at once on the machine
  (default: one less than the CPUs, at least one), counted across every worker process
  with ``flock`` on small files, so a killed worker frees its slot with it.  A step that
  finds every slot taken does not queue (a queue holds a worker as surely as the CPU
  does): it raises ``Busy``, which the views answer with 503 and ``Retry-After``.
- ``cpu_deadline(seconds)``: the step is stopped once it has used that much CPU time in
  this process (``ITIMER_PROF`` counts CPU, not wall time, so a loaded machine does not
  cut honest requests); it raises ``TooCostly``.  Only in the main thread, where sync
  workers and the test client run requests; elsewhere only the slot applies.
- ``wall_deadline(seconds)``: the same stop after that much time on the clock (``ITIMER_REAL``),
  for a step the page can do without (the complaint form's suggestion): gunicorn kills a worker
  whose request passes its ``timeout`` on the clock, however little CPU it got on a loaded
  machine, and a suggestion that is late must leave the page answered without it, never a 500.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import signal
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

import settings
from flask import current_app

RETRY_AFTER = 5  # seconds: what a refused step tells the client to wait


class Busy(RuntimeError):
    """Every slot for costly work is taken on this machine."""


class TooCostly(BaseException):
    """The step used its whole CPU budget and was stopped.

    A BaseException, like KeyboardInterrupt: the deadline may strike anywhere inside the step, and
    a library's ``except Exception`` must not turn it into its own error (opening the search index
    read it as a damaged index, and the chat apologised instead of saying the message was too
    costly).  Only the caller of :func:`cpu_deadline` catches it."""


def _slot_count() -> int:
    return max(1, int(current_app.config.get("PORTAL_HEAVY_SLOTS") or settings.value("PORTAL_HEAVY_SLOTS")))  # default: cores − 1


def _slot_dir() -> Path:
    """Lock files outside the data dir (it may be read-only): one directory per data dir,
    so that every worker of one installation shares it and two installations do not."""
    configured = current_app.config.get("PORTAL_RUN_DIR") or settings.value("PORTAL_RUN_DIR")
    if configured:
        path = Path(configured)
    else:
        tag = hashlib.sha256(str(Path(current_app.config["DATA_DIR"]).resolve()).encode()).hexdigest()[:12]
        path = Path(tempfile.gettempdir()) / f"embarque-legal-{os.getuid()}-{tag}"
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


@contextmanager
def slot(kind: str = "pesado"):
    """Hold one of the machine's slots for costly work, or raise ``Busy`` at once."""
    directory = _slot_dir()
    for number in range(_slot_count()):
        fd = os.open(directory / f"{kind}-{number}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        try:
            yield number
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        return
    raise Busy(kind)


@contextmanager
def _timer(timer: int, signum: int, seconds: float, why: str):
    """Raise ``TooCostly(why)`` in the block once ``timer`` has run ``seconds`` (main thread only: signals
    are delivered there; elsewhere the block runs unbounded)."""
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(_signum, _frame):
        raise TooCostly(why)

    previous = signal.signal(signum, expired)
    signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(signum, previous)


def cpu_deadline(seconds: float):
    """Stop the block with ``TooCostly`` after ``seconds`` of this process's CPU time."""
    return _timer(signal.ITIMER_PROF, signal.SIGPROF, seconds, "cpu budget used up")


def wall_deadline(seconds: float):
    """Stop the block with ``TooCostly`` after ``seconds`` on the clock (gunicorn's timeout counts the clock)."""
    return _timer(signal.ITIMER_REAL, signal.SIGALRM, seconds, "time budget used up")
