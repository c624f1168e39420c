"""The sentences of a flow's outcomes, kept out of its logic in a data file beside it.

``knowledge/flows/<flow>.texts.yaml`` maps a key to the Portuguese template (the catalog's msgid,
``%(name)s`` parameters), kept exactly as written.  A flow reads ``T["key"]`` where it builds a
statement, or ``T.say("key", *cites, **params)``, whose ``code`` (the rule's stable id for tests
and the API) is the key's first dotted part: ``tipo_nao_admitido.original`` and
``tipo_nao_admitido.desde_2020`` are two wordings of one rule.  ``make translations-extract`` finds the templates through
:func:`extract` (declared in babel.cfg), so they are translated like any ``N_("…")`` text.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from ..citations import Cite
from .engine import Statement

HERE = Path(__file__).parent


@lru_cache(maxsize=None)
def load(flow_id: str) -> dict[str, str]:
    path = HERE / f"{flow_id}.texts.yaml"
    texts = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    bad = [key for key, text in texts.items() if not isinstance(text, str) or not text.strip()]
    if bad:
        raise ValueError(f"{path.name}: textos vazios ou inválidos: {bad}")
    return texts  # exactly as written: a leading space can be part of a sentence part (" (valor dobrado…)")


class Texts:
    """The texts of one flow: ``T["key"]`` is the template; ``T.say("key", *cites, **params)`` a Statement."""

    def __init__(self, flow_id: str) -> None:
        self.flow_id = flow_id

    def __getitem__(self, key: str) -> str:
        return load(self.flow_id)[key]

    def keys(self) -> list[str]:
        return list(load(self.flow_id))

    def say(self, key: str, *cites: Cite, data: dict | None = None, code: str | None = None, **params) -> Statement:
        return Statement(self[key], list(cites), params, code=code if code is not None else key.split(".")[0], data=dict(data or {}))


def extract(fileobj, keywords, comment_tags, options):
    """Babel extractor for ``*.texts.yaml``: every value is a message (line, funcname, message, comments)."""
    node = yaml.compose(fileobj.read().decode("utf-8"))
    if node is None:
        return
    for key, value in node.value:
        if isinstance(value, yaml.ScalarNode):
            yield value.start_mark.line + 1, "N_", value.value, [f"{key.value}"]
