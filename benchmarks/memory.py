"""Memory per gunicorn worker after the heaviest use a worker can see (issue #12: < 80 MB).

Starts the portal under gunicorn (same settings as production, ``--workers`` workers),
then sends every page a worker can cache or load lazily: every law whole and in parts,
every unit page of the four laws, in the three languages; the search questions of
``benchmarks/http_load.py``; every demonstration plate on the API and on /consulta.
Each request goes to whichever worker accepts it, so with 2 workers each sees about half;
``--workers 1`` puts everything on one worker (the worst case).  Prints RSS (what
``ps`` shows, shared pages included) and PSS (shared pages counted by their share) of
each worker after a warm-up and again after everything.

Run on demand: ``python benchmarks/memory.py [--workers 1] [--before DIR]``.
"""

from __future__ import annotations

import argparse
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote_plus

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _server import ROOT, Gunicorn, pss_mb, rss_mb  # noqa: E402
from http_load import PLATES, search_queries  # noqa: E402

sys.path.insert(0, str(ROOT))


def every_path() -> list[str]:
    from knowledge.corpus import all_laws
    from portal.law_urls import law_parts

    paths = ["/", "/leis", "/consulta", "/busca", "/api/v1/ping"]
    for law in all_laws():
        paths.append(f"/leis/{law.id}")
        paths += [f"/leis/{law.id}/parte/{part.number}" for part in law_parts(law)]
        paths += [f"/leis/{law.id}/{unit_id}" for unit_id in law.by_id]
    paths += [f"/busca?q={quote_plus(q)}" for q in search_queries()]
    paths += [f"/api/v1/search?q={quote_plus(q)}" for q in search_queries()]
    paths += [f"/api/v1/veiculos/{p}" for p in PLATES] + [f"/consulta?placa={p}" for p in PLATES]
    return paths


def visit(url: str, paths: list[str], language: str) -> int:
    def get(path: str) -> int:
        request = urllib.request.Request(url + path, headers={"Accept-Language": language})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                response.read()
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code

    with ThreadPoolExecutor(4) as pool:
        return sum(1 for status in pool.map(get, paths) if status < 500)


def report(label: str, server: Gunicorn) -> str:
    workers = server.worker_pids()
    return f"{label}: " + ", ".join(f"RSS {rss_mb(pid):.0f} MB / PSS {pss_mb(pid):.0f} MB" for pid in workers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--before", type=Path, help="another checkout measured the same way, first")
    args = parser.parse_args()
    paths = every_path()
    checkouts = ([("antes", args.before)] if args.before else []) + [("depois" if args.before else "portal", None)]
    for label, root in checkouts:
        server = Gunicorn(args.workers, root=root)
        server.prepare()
        server.start()
        try:
            visit(server.url, ["/", "/leis/ac-lei-2731-2013", "/api/v1/veiculos/KGT2E47", "/busca?q=multa"] * 8, "pt-BR")
            print(report(f"{label}, após aquecimento", server))
            ok = sum(visit(server.url, paths, language) for language in ("pt-BR", "en", "es"))
            print(report(f"{label}, após {ok} pedidos ({len(paths)} endereços × 3 idiomas)", server))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
