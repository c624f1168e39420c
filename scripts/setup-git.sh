#!/usr/bin/env bash
# One-time git set-up for a clone: catalogs merge by message id (scripts/merge_po.py),
# so two branches adding interface strings do not conflict line by line.
set -euo pipefail
cd "$(dirname "$0")/.."
# The driver needs Babel: the project's virtualenv when it exists, else the python3 on PATH.
# The path is absolute, so the driver also works from other worktrees of this clone.
if [ -x .venv/bin/python ]; then py="$(pwd)/.venv/bin/python"; else py="python3"; fi
git config merge.po.name "gettext catalog union by msgid"
git config merge.po.driver "$py scripts/merge_po.py %O %A %B"
