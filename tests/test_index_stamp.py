"""The index is rebuilt only when what it is built from changed: `make run` on an
unchanged checkout runs `flask index build --if-stale`, which leaves it alone."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

from app import create_app
from search_index.stamp import ROOT, is_current, source_files, source_fingerprint


def _manifest(path: Path) -> dict:
    return json.loads((path / "manifest.json").read_text(encoding="utf-8"))


def test_if_stale_builds_once_then_leaves_the_index_alone(tmp_path):
    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True})
    runner = app.test_cli_runner()
    index_dir = tmp_path / "index"
    first = runner.invoke(args=["index", "build", "--if-stale"])
    assert first.exit_code == 0 and "Índice construído" in first.output
    manifest = _manifest(index_dir)
    assert manifest["source"] == source_fingerprint()
    mtime = (index_dir / "manifest.json").stat().st_mtime_ns
    second = runner.invoke(args=["index", "build", "--if-stale"])
    assert second.exit_code == 0 and "nada a reconstruir" in second.output
    assert (index_dir / "manifest.json").stat().st_mtime_ns == mtime
    forced = runner.invoke(args=["index", "build"])  # without the flag: always rebuilds
    assert forced.exit_code == 0 and "Índice construído" in forced.output
    assert _manifest(index_dir)["built_at"] >= manifest["built_at"]


def test_an_index_from_other_sources_is_stale(tmp_path):
    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True})
    assert app.test_cli_runner().invoke(args=["index", "build"]).exit_code == 0
    index_dir = tmp_path / "index"
    assert is_current(index_dir, source_fingerprint())
    manifest = _manifest(index_dir)
    manifest["source"] = "an-older-corpus"
    (index_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert not is_current(index_dir, source_fingerprint())
    result = app.test_cli_runner().invoke(args=["index", "build", "--if-stale"])
    assert "Índice construído" in result.output
    assert is_current(index_dir, source_fingerprint())


def test_missing_index_is_stale(tmp_path):
    assert not is_current(tmp_path / "index", source_fingerprint())


def test_fingerprint_follows_statutes_and_indexing_code_only(tmp_path):
    for path in source_files():
        target = tmp_path / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    original = source_fingerprint(tmp_path)
    assert original == source_fingerprint()
    statute = next((tmp_path / "knowledge" / "statutes").glob("*.txt"))
    statute.write_text(statute.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    changed_corpus = source_fingerprint(tmp_path)
    assert changed_corpus != original
    (tmp_path / "search_index" / "synonyms.py").write_text("# changed\n", encoding="utf-8")
    changed_code = source_fingerprint(tmp_path)
    assert changed_code not in (original, changed_corpus)
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "home.html").write_text("not an input of the index", encoding="utf-8")
    assert source_fingerprint(tmp_path) == changed_code


def test_build_prints_one_plain_line_per_stage_when_not_on_a_terminal(tmp_path):
    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True})
    result = app.test_cli_runner().invoke(args=["index", "build"])
    assert result.exit_code == 0
    documents = _manifest(tmp_path / "index")["documents"]
    count = f"{documents:,}".replace(",", ".")  # 1.243, as Brazilians write it
    lines = result.output.splitlines()
    assert [line.split(" (")[0] for line in lines[:3]] == [
        f"documentos: {count} dispositivos e redações anteriores reunidos",
        f"análise: {count} documentos analisados",
        f"gravação: {count} documentos gravados",
    ]
    assert all(re.fullmatch(r".* \(\d+,\d s\)", line) for line in lines[:3])
    assert lines[3].startswith("Índice construído em ") and len(lines) == 4
    assert "\r" not in result.output and "[#" not in result.output  # no bar in a log


def test_build_draws_a_bar_on_a_terminal(tmp_path):
    from knowledge.corpus import all_laws
    from portal.cli import index_progress
    from search_index import build_index

    screen = io.StringIO()
    stats = build_index(tmp_path / "index", all_laws(), progress=index_progress(file=screen, tty=True))
    drawn = screen.getvalue()
    count = f"{stats.documents:,}".replace(",", ".")
    assert f"[{'#' * 24}] 100%  {count} de {count}" in drawn  # the analysis bar, full at the end
    assert "\ranálise" in drawn and "\rdocumentos" in drawn and "\rgravação" in drawn
    assert re.search(rf"\r\x1b\[Kgravação: {re.escape(count)} documentos gravados \(\d+,\d s\)\n$", drawn)  # the bar gives way to the line



def test_make_runs_build_prints_only_its_summary(tmp_path):
    """`make run` builds with --resumo (issue #31, a newcomer's review): one line, not one per stage of a 2 s build."""
    runner = create_app({"DATA_DIR": str(tmp_path), "TESTING": True}).test_cli_runner()
    staged = runner.invoke(args=["index", "build"])
    summary = runner.invoke(args=["index", "build", "--resumo"])
    assert staged.exit_code == summary.exit_code == 0
    assert "análise:" in staged.output and "análise:" not in summary.output and "gravação:" not in summary.output
    assert "Índice construído" in summary.output
    assert "index build --if-stale --resumo" in (ROOT / "Makefile").read_text(encoding="utf-8")
