"""Is the built index still the index of this corpus and this code?

The index is a function of the statutes' texts, the code that parses them
(``knowledge/*.py``) and the code that analyses and indexes them
(``search_index/*.py``).  :func:`source_fingerprint` hashes those files; it is
stored in the index's manifest, and ``flask index build --if-stale`` rebuilds only
when it differs (or the index is missing, unreadable or of another schema), so
``make run`` on an unchanged checkout starts at once.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("knowledge/statutes/**/*", "knowledge/*.py", "knowledge/lexicon.yaml", "search_index/*.py")  # the lexicon: the search's synonyms


def source_files(root: Path = ROOT) -> list[Path]:
    files = {p for pattern in SOURCES for p in root.glob(pattern) if p.is_file() and "__pycache__" not in p.parts}
    return sorted(files)


def source_fingerprint(root: Path = ROOT) -> str:
    digest = hashlib.sha256()
    for path in source_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


def is_current(index_dir: str | Path, fingerprint: str) -> bool:
    """True when ``index_dir`` holds a readable index built from sources with ``fingerprint``."""
    from .build import MANIFEST, SCHEMA_VERSION
    from .engine import IndexCorrupt, IndexMissing, SearchIndex

    try:
        manifest = json.loads((Path(index_dir) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if manifest.get("schema_version") != SCHEMA_VERSION or manifest.get("source") != fingerprint:
        return False
    try:
        SearchIndex.open(index_dir).close()
    except (IndexMissing, IndexCorrupt):
        return False
    return True
