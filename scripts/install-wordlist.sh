#!/usr/bin/env bash
# The Brazilian Portuguese word list the search uses to tell a typo from a real word
# (search_index/spelling.py): Debian's wbrazilian package, /usr/share/dict/brazilian.
# Safe to run repeatedly.  Without root or apt-get it says so; the search then makes
# no spelling suggestions (it never "corrects" a word it cannot check).
set -euo pipefail
. "$(dirname "$0")/apt-install.sh"
LIST="${PORTAL_WORDLIST:-/usr/share/dict/brazilian}"
if [ -s "$LIST" ]; then
  exit 0
fi
if can_apt; then
  echo "Instalando a lista de palavras do português (pacote Debian wbrazilian)…"
  apt_install wbrazilian
else
  echo "AVISO: $LIST não encontrado e não há como instalá-lo (precisa de root e apt-get)."
  echo "       A busca não fará sugestões de grafia. Instale o pacote Debian 'wbrazilian'."
fi
