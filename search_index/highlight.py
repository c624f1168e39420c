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
    """Makes snippets from a unit's stored fields: its text and the words and places stored at build time.

    The places are read straight from the stored ``marks`` string ("stem:start:end …", kept
    with a leading space by the engine), by substring search: only the query's own stems are
    looked for, and no per-word objects are kept between requests (a list of tuples per unit
    cost more memory than the text itself, and more time to build than to search)."""

    def snippet(self, docnum: int, fields: dict, groups: tuple[tuple[str, ...], ...]) -> str:
        """Up to two passages of the unit around the query's words, <mark>ed; else its beginning."""
        text = fields["text"]
        marks = fields["marks"]
        terms = {stem for group in groups if all(f" {s}:" in marks for s in group) for stem in group}
        matches = places(marks, terms) if terms else []
        if not matches:
            return escape(text[:SNIPPET_CHARS] + ("…" if len(text) > SNIPPET_CHARS else ""), quote=False)
        return passages(text, matches)


def places(marks: str, stems) -> list[tuple[int, int]]:
    """(start, end) of every word of these stems, in text order, from " stem:start:end stem:start:end…"."""
    found = []
    find = marks.find
    for stem in stems:
        needle = f" {stem}:"
        at = find(needle)
        while at != -1:
            first = at + len(needle)
            colon = find(":", first)
            space = find(" ", colon)
            found.append((int(marks[first:colon]), int(marks[colon + 1:space] if space != -1 else marks[colon + 1:])))
            at = find(needle, space) if space != -1 else -1
    found.sort()
    return found


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
