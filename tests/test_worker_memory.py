"""What keeps a web worker small (issue #12: < 80 MB per worker).

Memory itself is measured by ``benchmarks/memory.py`` and ``benchmarks/http_load.py``,
never here; these tests keep the choices behind those figures from quietly coming undone:
libraries only some requests need stay unimported until one does, the stemmer is the
compiled one (with the same stems), and the search index is read without private copies.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import snowballstemmer
from snowballstemmer.portuguese_stemmer import PortugueseStemmer

from search_index.engine import _ViewReader

ROOT = Path(__file__).resolve().parent.parent


def test_the_app_imports_without_the_libraries_only_some_requests_need():
    # holidays: Recife's apreensão deadlines; Pillow: complaint photos; segno: QR codes;
    # snowballstemmer's pure-Python stemmers: not at all (PyStemmer stands in).
    code = (
        "import sys, app\n"
        "loaded = [m for m in ('holidays', 'PIL', 'segno', 'snowballstemmer.arabic_stemmer') if m in sys.modules]\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""


def test_the_compiled_stemmer_is_used_and_stems_as_the_pure_python_one():
    compiled = snowballstemmer.stemmer("portuguese")
    assert type(compiled).__module__ == "Stemmer"
    pure = PortugueseStemmer()
    words = set()
    for path in sorted((ROOT / "knowledge" / "statutes").glob("*.txt")):
        words.update(w.lower() for w in path.read_text(encoding="utf-8").split() if w.isalpha())
    words.update(["fretamento", "autorizatária", "vistoria", "vistorias", "ônibus", "passageiros", "irregularidade", "nao", "transportes"])
    assert len(words) > 1000
    assert [compiled.stemWord(w) for w in sorted(words)] == [pure.stemWord(w) for w in sorted(words)]


def test_view_reader_reads_as_a_bytes_file_without_copying_the_buffer():
    data = b"line one\nline two\n\x00\x01binary tail"
    view = memoryview(bytearray(data))
    reader, expected = _ViewReader(view), io.BytesIO(data)
    steps = [("read", 4), ("readline",), ("tell",), ("seek", 2), ("read", 3), ("seek", 3, 1), ("readline",),
             ("seek", -4, 2), ("read", -1), ("read", 5), ("seek", 0), ("readline", 3), ("read", None)]
    for name, *args in steps:
        assert getattr(reader, name)(*args) == getattr(expected, name)(*args), (name, args)
    view[0] = ord("L")  # a view, not a copy: a change to the buffer is seen
    reader.seek(0)
    assert reader.read(4) == b"Line"


def test_the_index_is_read_through_views_of_its_file(search_index):
    reader = search_index._searcher.reader()
    postings = reader._terms._postfile
    assert isinstance(postings.file, _ViewReader)
    assert search_index.search("vistoria").total > 0
