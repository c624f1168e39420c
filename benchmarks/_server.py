"""Start a real gunicorn on 127.0.0.1 with a throw-away data directory (index + demo registry)."""

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    def __init__(self, workers: int, extra_env: dict | None = None, data_dir: Path | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="embarque-bench-"))
        self.env = {**os.environ, "PORTAL_DATA_DIR": str(self.data_dir), "PORTAL_BIND": f"127.0.0.1:{self.port}",
                    "WEB_CONCURRENCY": str(workers), "PORTAL_RATELIMIT": "0", "PORTAL_LOG_LEVEL": "warning", **(extra_env or {})}
        self.process: subprocess.Popen | None = None

    def prepare(self) -> None:
        for args in (["index", "build"], ["registry", "demo"]):
            subprocess.run([str(BIN / "flask"), "--app", "app", *args], cwd=ROOT, env=self.env, check=True, stdout=subprocess.DEVNULL)

    def start(self) -> "Gunicorn":
        self.process = subprocess.Popen(
            [str(BIN / "gunicorn"), "--config", "gunicorn.conf.py", "--access-logfile", "/dev/null", "app:app"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/v1/ping", timeout=1)
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn não respondeu em 30 s")

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]

    def rss_mb(self, pid: int) -> float:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
