"""Production server settings for ``gunicorn app:app`` (read automatically from the working dir).

Sync workers: each request is short and CPU-bound (search, rules), and SQLite
writes are serialised anyway.  Override with the environment: PORTAL_BIND,
WEB_CONCURRENCY, PORTAL_TIMEOUT … (each declared, with its default, in settings.py; a
bad value stops gunicorn here, naming the variable).
"""

import multiprocessing

import settings

settings.validate(scopes=("server",))
bind = settings.value("PORTAL_BIND")
workers = settings.value("WEB_CONCURRENCY")
worker_class = "sync"
timeout = settings.value("PORTAL_TIMEOUT")
graceful_timeout = 20
keepalive = 5
# Workers are recycled now and then as a guard against slow leaks.  A new worker
# imports the app, parses the statutes, opens the index and fills its caches again
# (a second or more of CPU), so this is rare: at 2,000 requests a busy worker was
# replaced every few seconds (issue #12).
max_requests = settings.value("PORTAL_MAX_REQUESTS")
max_requests_jitter = max_requests // 10
# The access log never records query strings (%(U)s is the path only): a plate,
# a search or a complaint detail could identify someone.  AccessLogger also replaces
# plates and protocols in the path and escapes CR/LF, NUL and other control
# characters, so a request cannot write a forged line (portal/access_log.py).
logger_class = "portal.access_log.AccessLogger"
accesslog = "-"
access_log_format = '%(h)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s %(M)sms'
errorlog = "-"
loglevel = settings.value("PORTAL_LOG_LEVEL")
forwarded_allow_ips = settings.value("FORWARDED_ALLOW_IPS")


def post_worker_init(worker):
    """Each worker warms itself up before it accepts a connection (portal/warmup.py):
    the statutes loaded, the plate pages compiled and run once in each language, so the
    first lookup after a start (or after a worker is recycled) costs what the tenth does
    (issues #28 and #32).  PORTAL_WARMUP=0 skips it (e.g. a debugging session)."""
    if not settings.value("PORTAL_WARMUP"):
        _say_ready()
        return
    from portal.warmup import warm_up

    app = getattr(worker.wsgi, "wsgi_app", None) and worker.wsgi  # the Flask app (app:app)
    if app is not None:
        with _heartbeat(worker):
            warm_up(app, notify=worker.notify)
            # Every term's scores read from the search index now (~2 s of CPU), not by the first
            # question that names each term: a question never asked before costs what a repeated one does.
            from portal.search import warm as warm_search

            warm_search(app)
            # What the warm-up loaded lives as long as the worker: kept out of the collector's sight, so a
            # full collection (every few thousand plate answers kept and dropped) walks only what came
            # after, not the ~185,000 objects of the statutes, templates and index (issue #32).
            import gc

            gc.collect()
            gc.freeze()
        worker.notify()
    _say_ready()


# Set by the first worker that is ready; shared by every worker (created in the arbiter, before it forks them).
_READY = multiprocessing.Value("b", 0)


def _say_ready() -> None:
    """PORTAL_READY_LINE, printed once, when the first worker has warmed up and is about to accept connections:
    `make run` says the portal's address then, not before (issue #31: the line came first and the first
    request still waited for the warm-up).  Workers that boot later (the others, a recycled one) say nothing."""
    line = settings.value("PORTAL_READY_LINE")
    if not line:
        return
    with _READY.get_lock():
        if _READY.value:
            return
        _READY.value = 1
    print(line, flush=True)


# How long a warm-up may keep its worker alive without finishing: far beyond its ~15 s on this machine.
WARMUP_HEARTBEAT_MAX = 300


class _heartbeat:
    """Tell the arbiter the worker is alive every second while it warms up.

    One warm-up step (the reader's TF-IDF space, the confidence model) is a single call that on a
    loaded machine can take longer than ``timeout``: the arbiter then killed the worker mid-warm-up,
    again and again (a review saw nine restarts and two minutes without an answer after
    ``make run``).  The heartbeat stops when the warm-up ends, or after WARMUP_HEARTBEAT_MAX seconds,
    so a warm-up that hangs is still killed."""

    def __init__(self, worker, interval: float = 1.0, limit: float = WARMUP_HEARTBEAT_MAX):
        import threading

        self.worker, self.interval, self.limit = worker, interval, limit
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._beat, name="warm-up heartbeat", daemon=True)

    def _beat(self) -> None:
        import time

        stop_at = time.monotonic() + self.limit
        while not self.done.wait(self.interval) and time.monotonic() < stop_at:
            self.worker.notify()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.done.set()
        self.thread.join()
# The control socket (gunicorn ≥ 24: ``gunicornc`` talks to a running master) is not used here; without this
# every start printed "Control socket listening at ~/.gunicorn/gunicorn.ctl" and left a socket in $HOME.
control_socket_disable = True
