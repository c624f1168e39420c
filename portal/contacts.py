"""Who a passenger turns to in each place: the competent regulator and its contacts.

The body competent under each law comes from ``knowledge`` (places and the
complaint rules, with citations).  Phone numbers, e-mails and addresses are not
in the laws: they come from a dated contacts file that whoever runs the portal
fills in — ``data/orgaos.json`` in the repository, or ``$PORTAL_DATA_DIR/orgaos.json``
on a given installation, which takes precedence.  An empty list is shown as
"not registered yet"; nothing is ever invented.
"""

from __future__ import annotations

import json
import logging
import os
from datetime import date
from pathlib import Path

from flask import current_app, g, has_request_context
from flask_babel import gettext

from knowledge.complaints import REGULATORS
from knowledge.places import PLACES

from .serialize import cites

log = logging.getLogger("portal.contacts")

REPO_FILE = Path(__file__).resolve().parents[1] / "data" / "orgaos.json"
KINDS = ("telefones", "emails", "sites", "enderecos")


def _read(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except ValueError as exc:
        log.error("contacts file %s is not valid JSON: %s", path, exc)
        return None


def _stamp(path: str) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


# Parsed contacts, keyed by the two candidate files and their (mtime, size):
# the plate result and the complaint pages show them on every request, and the
# file changes only when whoever runs the portal edits it.  A stat per file per
# request keeps an edit visible at once without re-reading JSON each time.
_CACHE: dict[tuple, dict] = {}


def contacts_version() -> tuple:
    """The two candidate files and their (mtime, size): changes whenever the contacts may have
    (pages rendered from them are kept while it stays the same, portal/page_cache.py).  Looked at
    once per request (a plate page asks for its kept page and for the regulators under the result):
    an edit shows from the next request on."""
    in_request = has_request_context()  # not a CLI command's or a worker's long app context
    held = g.get("_contacts_version") if in_request else None
    if held is not None:
        return held
    data_dir = current_app.config["DATA_DIR"]
    local = _LOCAL_FILES.get(data_dir)
    if local is None:
        local = _LOCAL_FILES[data_dir] = os.path.join(data_dir, "orgaos.json")
    version = (local, _stamp(local), _stamp(_REPO_FILE_NAME))
    if in_request:
        g._contacts_version = version
    return version


_LOCAL_FILES: dict[str, str] = {}  # data dir -> its contacts file (asked on every plate page)
_REPO_FILE_NAME = str(REPO_FILE)


def contacts_file() -> dict:
    """{"atualizado_em": date | None, "orgaos": {place: {kind: [str]}}} from the file in use."""
    key = contacts_version()
    cached = _CACHE.get(key)
    if cached is None:
        cached = _parse(Path(key[0]))
        _CACHE.clear()  # one installation, one file in use: keep only the latest
        _CACHE[key] = cached
    return cached


def _parse(local: Path) -> dict:
    data = _read(local) or _read(REPO_FILE) or {}
    updated = None
    try:
        updated = date.fromisoformat(str(data.get("atualizado_em")))
    except ValueError:
        pass
    bodies = data.get("orgaos")
    if bodies is None:  # the older format: {"pe": ["Telefone …"], …}
        bodies = {k: {"outros": v} for k, v in data.items() if k in PLACES and isinstance(v, list)}
    clean = {}
    for place_id in PLACES:
        entry = bodies.get(place_id) if isinstance(bodies, dict) else None
        entry = entry if isinstance(entry, dict) else {}
        clean[place_id] = {
            kind: [str(v).strip() for v in entry.get(kind, []) if isinstance(v, str) and v.strip()]
            for kind in KINDS + ("outros",)
        }
    return {"atualizado_em": updated, "orgaos": clean}


def configured_lines(place_id: str) -> list[str]:
    """Every configured contact of a place as one line each (for the API's ``contatos``)."""
    entry = contacts_file()["orgaos"][place_id]
    return [line for kind in KINDS + ("outros",) for line in entry[kind]]


def regulator_card(place_id: str) -> dict:
    """Everything the pages show about the body competent in a place."""
    place = PLACES[place_id]
    base = REGULATORS[place_id]
    data = contacts_file()
    entry = data["orgaos"][place_id]
    return {
        "lugar": place_id,
        "sigla": base.sigla,
        "nome": place.agency,
        "citations": cites(base.citations),
        "orientacoes": [gettext(c) for c in base.contatos],
        "contatos": entry,
        "tem_contatos": any(entry.values()),
        "atualizado_em": data["atualizado_em"],
    }


def all_regulator_cards() -> list[dict]:
    return [regulator_card(place_id) for place_id in PLACES]
