"""Reading and checking search parameters, shared by the search page and the API."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from knowledge.laws import JURISDICTIONS, LAWS
from search_index import MAX_QUERY_LENGTH, QueryTooComplex, check_budget

DEFAULT_LIMIT = 10
MAX_LIMIT = 50


class BadSearch(ValueError):
    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass
class SearchParams:
    q: str
    law: str | None
    jurisdiction: str | None
    limit: int
    include_history: bool

    def as_filters(self) -> dict:
        return {
            "law": self.law,
            "jurisdiction": self.jurisdiction,
            "limit": self.limit,
            "include_history": self.include_history,
        }


def _clean(value: str | None) -> str:
    """Trim ASCII blanks only: str.strip() would also swallow exotic Unicode
    separators and turn a bogus value into the silent default."""
    return (value or "").strip(" \t\r\n")


def parse(args, *, require_query: bool) -> SearchParams:
    q = (args.get("q") or "").strip()
    if require_query and not q:
        raise BadSearch(_("Informe o que você quer buscar no parâmetro q."), "q")
    if len(q) > MAX_QUERY_LENGTH:
        raise BadSearch(_("A busca pode ter no máximo %(n)d caracteres.", n=MAX_QUERY_LENGTH), "q")
    try:
        check_budget(q)  # bounds the work one search can cost (search_index.engine: MAX_QUERY_WORDS)
    except QueryTooComplex as exc:
        raise BadSearch(
            _("A busca tem %(n)d palavras diferentes; use no máximo %(max)d palavras.", n=exc.words, max=exc.limit), "q"
        ) from None
    law = _clean(args.get("law")) or None
    if law and law not in LAWS:
        raise BadSearch(_("Lei desconhecida: %(law)s. Use uma de: %(known)s.", law=law, known=", ".join(LAWS)), "law")
    jurisdiction = _clean(args.get("jurisdiction")) or None
    if jurisdiction and jurisdiction not in JURISDICTIONS:
        raise BadSearch(
            _("Jurisdição desconhecida: %(j)s. Use uma de: %(known)s.", j=jurisdiction, known=", ".join(JURISDICTIONS)),
            "jurisdiction",
        )
    raw_limit = _clean(args.get("limit"))
    if "limit" in args:  # present but empty is a mistake too, not "use the default"
        if not (raw_limit.isascii() and raw_limit.isdigit()) or not 1 <= int(raw_limit) <= MAX_LIMIT:
            raise BadSearch(_("O limite deve ser um número inteiro de 1 a %(max)d.", max=MAX_LIMIT), "limit")
        limit = int(raw_limit)
    else:
        limit = DEFAULT_LIMIT
    historico = _clean(args.get("historico")).lower()
    if historico not in ("", "0", "1"):
        raise BadSearch(_("O parâmetro historico aceita 0 ou 1."), "historico")
    include_history = historico == "1"
    return SearchParams(q=q, law=law, jurisdiction=jurisdiction, limit=limit, include_history=include_history)
