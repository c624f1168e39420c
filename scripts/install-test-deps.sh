#!/usr/bin/env bash
# What the end-to-end tests need besides Python packages, installed from the
# package registries (never a browser download by a test tool):
#   - Debian's chromium (and its driver), driven by Playwright through executable_path;
#   - axe-core from npm, injected into pages for the accessibility audit.
# Safe to run repeatedly; prints what it does.  Without root or apt-get, it says so
# and the browser tests report themselves as skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Instalando o Chromium do Debian para os testes de navegador…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  else
    echo "AVISO: chromium não encontrado e não há como instalá-lo (precisa de root e apt-get)."
    echo "       Os testes de navegador serão pulados. Instale o pacote Debian 'chromium'."
  fi
fi

AXE=.cache/npm/node_modules/axe-core/axe.min.js
if [ ! -f "$AXE" ]; then
  if command -v npm >/dev/null 2>&1; then
    echo "Instalando axe-core (npm) para a auditoria de acessibilidade…"
    mkdir -p .cache/npm
    npm install --silent --no-audit --no-fund --prefix .cache/npm axe-core@4 >/dev/null
  else
    echo "AVISO: npm não encontrado; a auditoria de acessibilidade será pulada."
  fi
fi
