#!/usr/bin/env bash
# What `make benchmarks` needs besides Python packages: wrk, the HTTP load generator of
# benchmarks/http_load.py, from Debian's packages.  Safe to run repeatedly; without root
# or apt-get it says so, and http_load.py then says how to install it.
set -euo pipefail
. "$(dirname "$0")/apt-install.sh"
if ! command -v wrk >/dev/null 2>&1; then
  if can_apt; then
    echo "Instalando o wrk (Debian) para os benchmarks de HTTP…"
    apt_install wrk
  else
    echo "AVISO: wrk não encontrado e não há como instalá-lo (precisa de root e apt-get)."
  fi
fi
