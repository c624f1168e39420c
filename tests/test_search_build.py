"""Building the index tells whoever runs it what it is doing (issue #16, "long work shows progress")."""

from __future__ import annotations

from knowledge.corpus import all_laws
from search_index import build_index
from search_index.build import PROGRESS_STAGES, BuildStage


class Recorder:
    def __init__(self):
        self.events: list[tuple] = []

    def start(self, name, total):
        self.events.append(("start", name, total))

    def advance(self, done):
        self.events.append(("advance", done))

    def finish(self, stage):
        self.events.append(("finish", stage))


def test_build_reports_each_stage_and_the_documents_analysed(tmp_path):
    recorder = Recorder()
    stats = build_index(tmp_path / "index", all_laws(), progress=recorder)
    starts = [e[1:] for e in recorder.events if e[0] == "start"]
    assert starts == [("documentos", None), ("análise", stats.documents), ("gravação", None)]
    assert PROGRESS_STAGES == ("documentos", "análise", "gravação")
    finished = [e[1] for e in recorder.events if e[0] == "finish"]
    assert [s.name for s in finished] == ["documentos", "análise", "gravação"]
    assert all(isinstance(s, BuildStage) and s.documents == stats.documents and s.seconds >= 0 for s in finished)
    advances = [e[1] for e in recorder.events if e[0] == "advance"]
    assert advances == sorted(advances) and advances[-1] == stats.documents
    assert len(advances) >= stats.documents // 25  # the bar moves at least every 25 documents
    # Each stage is started, advanced only while it runs, and finished before the next starts.
    kinds = [e[0] for e in recorder.events]
    assert kinds[:2] == ["start", "finish"] and kinds[-2:] == ["start", "finish"]
    assert set(kinds[3:-3]) == {"advance"}


def test_the_response_cache_answers_again_until_the_index_is_rebuilt(tmp_path, index_dir):
    import shutil

    from search_index import SearchIndex

    laws = all_laws()
    shutil.copytree(index_dir, tmp_path / "index")  # the session's index, a copy of this test's own: it is rebuilt below
    cached = SearchIndex.open(tmp_path / "index", cache_size=2)
    uncached = SearchIndex.open(tmp_path / "index")
    first = cached.search("multa por falta de vistoria")
    assert cached.search("multa por falta de vistoria") is first
    assert uncached.search("multa") is not uncached.search("multa")
    by_place = cached.search("multa por falta de vistoria", jurisdiction="sp")  # filters are part of the key
    assert by_place is not first and cached.search("multa por falta de vistoria", jurisdiction="sp") is by_place
    cached.search("crc")  # a third distinct question: the least recently used one (first) goes
    again = cached.search("multa por falta de vistoria")
    assert again is not first and [(h.law, h.unit) for h in again.hits] == [(h.law, h.unit) for h in first.hits]
    assert cached.search("multa por falta de vistoria") is again
    build_index(tmp_path / "index", laws)  # a rebuild empties the cache
    assert cached.search("multa por falta de vistoria") is not again
