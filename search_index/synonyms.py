"""Everyday words and the statutes' words for the same thing.

Each group lists phrases that mean the same to a passenger or an operator; a query
that contains one of them also searches for the others (at a lower weight, so the
user's own word still ranks first).  Phrases are written as people write them;
they go through the same analysis as the statutes, so accents and plurals do not
matter here.  A ``->`` group is one-way: the words on the left (slang, a
question's wording) lead to the statute's words, not the reverse.

The words themselves are data: section ``busca`` of knowledge/lexicon.yaml, the one
vocabulary file the assistant reads too (issue #26); this module names them.
"""

from __future__ import annotations

from knowledge.reader.lexicon import vocabulary

SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = vocabulary("synonym_groups", "busca")

ONE_WAY: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = vocabulary("one_way", "busca")


# Words whose everyday sense differs from the statutes' use of the same stem: they
# are searched only through their replacements.  "Rodoviária" is the bus station;
# "rodoviário" in the statutes is the adjective of every "transporte rodoviário".
REWRITES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = vocabulary("rewrites", "busca")

# Words that place a question in one jurisdiction.  They do not filter (the
# person may be wrong about which law applies); they rank that law's units higher.
JURISDICTION_HINTS: dict[str, tuple[str, ...]] = vocabulary("jurisdiction_hints", "busca")
