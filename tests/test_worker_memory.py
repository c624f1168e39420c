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


def test_slim_locale_data_formats_as_babel_and_still_answers_what_it_left_out():
    import subprocess as sp

    code = (
        "from datetime import date\n"
        "from decimal import Decimal\n"
        "import sys\n"
        "from babel import Locale\n"
        "from babel.dates import format_date\n"
        "from babel.numbers import format_currency, format_decimal, get_currency_symbol\n"
        "if sys.argv[1] == 'slim':\n"
        "    from portal.locale_data import slim\n"
        "    slim(['pt_BR', 'en', 'es'])\n"
        "for code in ('pt_BR', 'en', 'es'):\n"
        "    print(format_date(date(2026, 11, 30), 'medium', locale=code), format_date(date(2019, 5, 1), 'dd/MM/yyyy', locale=code),\n"
        "          format_currency(Decimal('2900.5'), 'BRL', locale=code), get_currency_symbol('BRL', code),\n"
        "          format_decimal(1234567.891, locale=code), Locale.parse(code).territories['BR'], Locale.parse(code).languages['pt'])\n"
    )
    full, slimmed = (sp.run([sys.executable, "-c", code, mode], cwd=ROOT, capture_output=True, text=True, check=True).stdout
                     for mode in ("full", "slim"))
    assert slimmed == full
    assert full.splitlines()[0] == "30 de nov. de 2026 01/05/2019 R$\xa02.900,50 R$ 1.234.567,891 Brasil português"
