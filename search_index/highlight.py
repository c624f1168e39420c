"""Snippets: the passages of a unit around the question's words, with <mark> on them.

Why a module of its own: what is highlighted is a promise to the reader ("these
are your words"), with rules of its own — never mark a word the person did not
type, such as a spelling suggestion (issue 11) — and it is the only part of a
query that works on the texts themselves, so its cost is kept to the hits shown:
a unit's words and their places are stored when the index is built (``marks``),
so a request never analyses a text again.
"""

from __future__ import annotations

import re
from html import escape, unescape

from whoosh import query as Q

from . import analysis

SNIPPET_CHARS = 260  # the beginning of a unit shown when none of its words matches
SNIPPET_SPAN = 80  # matches closer than this form one passage …
SNIPPET_SURROUND = 90  # … which extends this many characters either side
TOKEN_CACHE_UNITS = 2048


def highlight_terms(q: Q.Query) -> tuple[tuple[str, ...], ...]:
    """What may be marked in a hit's text: each word the query looks for in the text field, and
    each phrase alternative ("inspeção veicular" for "vistoria") as one group whose words are
    marked only in a unit that has all of them — a unit found by "vistoria" does not get
    "veículo" marked because a synonym phrase contains it."""
    groups: set[tuple[str, ...]] = set()

    def walk(node: Q.Query) -> None:
        if isinstance(node, Q.Term):
            if node.fieldname == "text":
                groups.add((node.text,))
        elif isinstance(node, Q.And) and node.subqueries and all(isinstance(s, Q.Term) and s.fieldname == "text" for s in node.subqueries):
            groups.add(tuple(sorted({s.text for s in node.subqueries})))
        else:
            for sub in node.children():
                walk(sub)

    walk(q)
    return tuple(sorted(groups))


class Highlighter:
    """Makes snippets from a unit's stored fields: its text and the words and places stored at build time."""

    def __init__(self):
        self._tokens: dict[int, list[tuple[str, int, int]]] = {}

    def tokens(self, docnum: int, marks: str) -> list[tuple[str, int, int]]:
        """(stem, start, end) of each word of a unit's text; kept for the units shown most."""
        tokens = self._tokens.get(docnum)
        if tokens is None:
            if len(self._tokens) >= TOKEN_CACHE_UNITS:
                self._tokens.clear()
            tokens = []
            for mark in marks.split():
                stem, start, end = mark.rsplit(":", 2)
                tokens.append((stem, int(start), int(end)))
            self._tokens[docnum] = tokens
        return tokens

    def snippet(self, docnum: int, fields: dict, groups: tuple[tuple[str, ...], ...]) -> str:
        """Up to two passages of the unit around the query's words, <mark>ed; else its beginning."""
        text = fields["text"]
        tokens = self.tokens(docnum, fields["marks"])
        present = {stem for stem, _start, _end in tokens}
        terms = {stem for group in groups if all(s in present for s in group) for stem in group}
        matches = [(start, end) for stem, start, end in tokens if stem in terms] if terms else []
        if not matches:
            return escape(text[:SNIPPET_CHARS] + ("…" if len(text) > SNIPPET_CHARS else ""), quote=False)
        return passages(text, matches)


def passages(text: str, matches: list[tuple[int, int]]) -> str:
    """The (at most two) passages with the most matches, in text order, matches in <mark>.

    Matches closer than SNIPPET_SPAN characters form one passage, which extends
    SNIPPET_SURROUND characters either side (cut at a word boundary).
    """
    clusters: list[list[tuple[int, int]]] = []
    for match in matches:
        if clusters and match[1] - clusters[-1][0][0] <= SNIPPET_SPAN:
            clusters[-1].append(match)
        else:
            clusters.append([match])
    chosen = sorted(sorted(clusters, key=len, reverse=True)[:2], key=lambda c: c[0][0])
    windows: list[tuple[int, int, list[tuple[int, int]]]] = []
    for cluster in chosen:
        start = max(0, cluster[0][0] - SNIPPET_SURROUND)
        if start:
            space = text.find(" ", start, cluster[0][0])
            start = space + 1 if space != -1 else cluster[0][0]
        end = min(len(text), cluster[-1][1] + SNIPPET_SURROUND)
        if end < len(text):
            space = text.rfind(" ", cluster[-1][1], end)
            end = space if space != -1 else cluster[-1][1]
        if windows and start <= windows[-1][1]:  # overlapping passages become one
            previous = windows.pop()
            start, end, cluster = previous[0], max(end, previous[1]), previous[2] + cluster
        windows.append((start, end, cluster))
    out_passages = []
    for start, end, cluster in windows:
        out, position = [], start
        for match_start, match_end in cluster:
            out.append(escape(text[position:match_start], quote=False))
            out.append(f"<mark>{escape(text[match_start:match_end], quote=False)}</mark>")
            position = match_end
        out.append(escape(text[position:end], quote=False))
        out_passages.append("".join(out).strip())
    return " … ".join(out_passages)


_MARK = re.compile(r"<mark>(.*?)</mark>")


def unmark_corrections(snippets: list[str], corrections: dict[str, str]) -> list[str]:
    """No <mark> on a word the person did not type: a suggested spelling is shown, not highlighted."""
    suggested = {analysis.stem(c) for c in corrections.values()} - {analysis.stem(w) for w in corrections}

    def unmark(match: re.Match) -> str:
        word = match.group(1)
        stems = {analysis.stem(w) for w in analysis.words(unescape(word))}
        return word if stems and stems <= suggested else match.group(0)

    return [_MARK.sub(unmark, snippet) for snippet in snippets]
