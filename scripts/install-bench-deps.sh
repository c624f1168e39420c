#!/usr/bin/env bash
# What `make benchmarks` needs besides Python packages: wrk, the HTTP load generator of
# benchmarks/http_load.py, from Debian's packages.  Safe to run repeatedly; without root
# or apt-get it says so, and http_load.py then says how to install it.
set -euo pipefail

if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Instalando o wrk (Debian) para os benchmarks de HTTP…"
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null 2>&1; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
    fi
  else
    echo "AVISO: wrk não encontrado e não há como instalá-lo (precisa de root e apt-get)."
  fi
fi
