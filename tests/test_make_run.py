"""`make run` on a first run (issue #31): the pip progress is one line rewritten in place on a terminal
(a column of repeated lines in a log never), and the portal's address is printed only when a worker has
warmed up, so the first request after it does not wait for the warm-up."""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "with-progress.sh"
# Three seconds of work that always reads the same: what pip's resolver looks like between two packages.
SLOW = ["bash", "-c", "echo 'Collecting flask'; sleep 3.5; echo 'Collecting whoosh'; sleep 0.2; exit 3"]


def test_the_progress_in_a_log_is_a_line_only_when_it_changed(tmp_path):
    result = subprocess.run(["bash", str(SCRIPT), str(tmp_path / "install.log"), *SLOW], env={**os.environ, "PROGRESS_EVERY": "1"},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 3  # the command's status
    lines = result.stdout.splitlines()
    assert lines == ["  … 1 s: 1 pacotes verificados (Collecting flask)"], lines  # 2 s and 3 s said the same: not repeated
    assert "Collecting whoosh" in (tmp_path / "install.log").read_text()


def test_the_progress_on_a_terminal_is_one_line_rewritten_in_place(tmp_path):
    pid, fd = pty.fork()
    if pid == 0:  # the child: the script on a terminal
        os.execvp("bash", ["bash", str(SCRIPT), str(tmp_path / "install.log"), *SLOW])
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 3
    text = out.decode()
    assert "\n" not in text  # no new line at all: each update rewrites the one line
    assert text.count("\r\033[K") >= 3 and "1 s: 1 pacotes verificados" in text and text.endswith("\r\033[K")  # erased at the end


def test_the_ready_line_is_said_once_by_the_first_worker(monkeypatch, capsys):
    import runpy

    monkeypatch.setenv("PORTAL_READY_LINE", "Embarque Legal em http://127.0.0.1:8000")
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    conf["_say_ready"]()
    conf["_say_ready"]()  # a second worker, or a recycled one
    assert capsys.readouterr().out == "Embarque Legal em http://127.0.0.1:8000\n"
    monkeypatch.delenv("PORTAL_READY_LINE")
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    conf["_say_ready"]()  # without the variable (production): nothing
    assert capsys.readouterr().out == ""


def test_the_address_is_printed_after_the_warm_up_and_the_first_request_does_not_wait(tmp_path, index_dir):
    """A real gunicorn as `make run` starts it: nothing before the address, and the address only once a
    worker has warmed up (~15 s here) — the first lookup after it is answered at once."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copytree(index_dir, data / "index")
    port = 20000 + os.getpid() % 20000
    line = f"Embarque Legal em http://127.0.0.1:{port}"
    env = {**os.environ, "PORTAL_DATA_DIR": str(data), "PORTAL_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "1",
           "PORTAL_READY_LINE": line, "PORTAL_LOG_LEVEL": "warning", "PORTAL_WARMUP": "1"}
    server = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "--config", "gunicorn.conf.py", "app:app"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    before, waited = [], None
    try:
        for out in server.stdout:
            if out.rstrip() == line:
                began = time.monotonic()
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/consulta?placa=KGT2E47", timeout=120) as response:
                    assert response.status == 200
                waited = time.monotonic() - began
                break
            before.append(out)
    finally:
        server.terminate()
        rest = server.communicate(timeout=60)[0]
    assert waited is not None, "".join(before) + rest
    assert before == []  # gunicorn's start-up lines stay out at the warning level
    assert waited < 5, waited  # the warm-up alone takes longer: the request did not wait for it
    assert line not in rest  # said once
