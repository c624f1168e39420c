#!/usr/bin/env bash
# One-time git set-up for a clone: catalogs merge by message id (scripts/merge_po.py),
# so two branches adding interface strings do not conflict line by line.
set -euo pipefail
cd "$(dirname "$0")/.."
py=".venv/bin/python"; [ -x "$py" ] || py=python3
git config merge.po.name "gettext catalog union by msgid"
git config merge.po.driver "$(pwd)/$py scripts/merge_po.py %O %A %B"
