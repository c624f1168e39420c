"""Start a real gunicorn on 127.0.0.1 with a throw-away data directory (index + demo registry).

:class:`Gunicorn` serves the portal of a checkout (this one by default, or another
one given as ``root`` — e.g. a copy of main's code, for before/after in one run);
:class:`FloorServer` serves ``benchmarks/floor_app.py`` (a bare Flask "hello")
with the same gunicorn settings, as the framework floor.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


_TAKEN: set[int] = set()


def free_port() -> int:
    """A free port on 127.0.0.1: any, or the next free one of ``BENCH_PORTS=FIRST-LAST`` when set
    (a shared machine where each user keeps to a range)."""
    wanted = os.environ.get("BENCH_PORTS")
    candidates = [0]
    if wanted:
        first, _, last = wanted.partition("-")
        candidates = [p for p in range(int(first), int(last or first) + 1) if p not in _TAKEN]
    for port in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            found = s.getsockname()[1]
            _TAKEN.add(found)
            return found
    raise RuntimeError(f"nenhuma porta livre em BENCH_PORTS={wanted}")


def rss_mb(pid: int) -> float:
    """Resident set size of a process, in MB (what `ps` shows)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def pss_mb(pid: int) -> float:
    """Proportional set size: pages shared with other workers count by their share."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class _Process:
    process: subprocess.Popen | None = None
    url = ""
    health_path = "/"

    def _spawn(self, args: list[str], cwd: Path, env: dict) -> None:
        self.process = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn saiu: {self.process.stderr.read().decode(errors='replace')[-2000:]}")
            try:
                urllib.request.urlopen(self.url + self.health_path, timeout=2)
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn não respondeu em 60 s")

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]

    # kept for benchmarks/faults.py
    def rss_mb(self, pid: int) -> float:
        return rss_mb(pid)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Gunicorn(_Process):
    health_path = "/api/v1/ping"

    def __init__(self, workers: int, extra_env: dict | None = None, data_dir: Path | None = None, root: Path | None = None):
        self.root = Path(root or ROOT).resolve()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="embarque-bench-"))
        # PYTHONPATH puts the served checkout's packages ahead of the installed ones.
        # The embedded default unless the drill asks for the shared services: a DATABASE_URL or Redis URI
        # exported for the PostgreSQL drill must not move the SQLite drills onto PostgreSQL.
        inherited = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "RATELIMIT_STORAGE_URI")}
        self.env = {**inherited, "PYTHONPATH": str(self.root), "PORTAL_DATA_DIR": str(self.data_dir), "PORTAL_BIND": f"127.0.0.1:{self.port}",
                    "WEB_CONCURRENCY": str(workers), "PORTAL_RATELIMIT": "0", "PORTAL_LOG_LEVEL": "warning",
                    # No worker recycled mid-measurement (a reboot's warm-up would be timed): the floor alike.
                    "PORTAL_MAX_REQUESTS": "0", **(extra_env or {})}

    def prepare(self) -> None:
        for args in (["index", "build"], ["registry", "demo"]):
            subprocess.run([str(BIN / "flask"), "--app", "app", *args], cwd=self.root, env=self.env, check=True, stdout=subprocess.DEVNULL)

    def import_registry(self, operators: Path, vehicles: Path) -> None:
        """Replace the demo registry with these CSV files (``flask registry import --strict``)."""
        subprocess.run([str(BIN / "flask"), "--app", "app", "registry", "import", "--strict", "--operators", str(operators),
                        "--vehicles", str(vehicles)], cwd=self.root, env=self.env, check=True, stdout=subprocess.DEVNULL)

    def start(self) -> "Gunicorn":
        self._spawn([str(BIN / "gunicorn"), "--config", "gunicorn.conf.py", "--access-logfile", "/dev/null", "app:app"], self.root, self.env)
        return self


class FloorServer(_Process):
    """benchmarks/floor_app.py under gunicorn with the portal's own gunicorn.conf.py."""

    def __init__(self, workers: int):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "PYTHONPATH": str(ROOT / "benchmarks"), "PORTAL_BIND": f"127.0.0.1:{self.port}",
                    "WEB_CONCURRENCY": str(workers), "PORTAL_LOG_LEVEL": "warning", "PORTAL_MAX_REQUESTS": "0"}

    def start(self) -> "FloorServer":
        self._spawn([str(BIN / "gunicorn"), "--config", str(ROOT / "gunicorn.conf.py"), "--access-logfile", "/dev/null", "floor_app:app"],
                    ROOT / "benchmarks", self.env)
        return self
