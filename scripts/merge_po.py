#!/usr/bin/env python3
"""Git merge driver for gettext catalogs (``.po``/``.pot``): union by message id.

Several branches add interface strings at once; their catalogs then conflict
line by line although no translation disagrees.  This driver merges by msgid
instead: a message kept or added on either side is kept; where both sides
translated the same message differently, ours wins (the branch being merged
into keeps its wording) and the catalog is still valid.  Run
``make translations-update`` afterwards to drop messages no code uses any more.

Configured by ``scripts/setup-git.sh`` (``git config merge.po.driver``) and
selected for catalogs in ``.gitattributes``.
Usage (by git): merge_po.py %O %A %B  — base, ours (written in place), theirs.
"""

from __future__ import annotations

import sys

from babel.messages.pofile import read_po, write_po


def _read(path: str):
    with open(path, "rb") as handle:
        return read_po(handle, abort_invalid=False)


def main(base_path: str, ours_path: str, theirs_path: str) -> int:
    base, ours, theirs = _read(base_path), _read(ours_path), _read(theirs_path)
    for message in theirs:
        if not message.id:
            continue
        mine = ours.get(message.id, message.context)
        if mine is None:
            # Added on their side, or dropped on ours: keep unless we removed it deliberately.
            if base.get(message.id, message.context) is None or message.string != base.get(message.id, message.context).string:
                ours[message.id] = message
        elif not (mine.string if isinstance(mine.string, str) else any(mine.string)) and message.string:
            ours[message.id] = message
    with open(ours_path, "wb") as handle:
        write_po(handle, ours, sort_output=True, omit_header=False, width=76)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
