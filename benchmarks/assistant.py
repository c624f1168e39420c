"""The assistant's time per message against a naive Whoosh query of the same message, same run (issue #32).

- builds the search index and the naive Whoosh index of ``benchmarks/search.py``
  (one document per article, Whoosh's Portuguese analyzer, words OR-ed) in a
  throw-away data directory, and creates the portal app on it;
- sends each message of :data:`MESSAGES` (written for this benchmark from the
  four statutes' subjects; nothing is read from ``tests/data``) to
  ``portal.assistant_service.converse`` — what ``POST /api/v1/assistente`` and
  the chat page call — as the first message of a new conversation, inside a
  request context, and times it; interleaved with it, the naive Whoosh query of
  the same message and the engine's own ``SearchIndex.search`` (response cache
  off), each as one reference;
- prints p50 / p95 / max per message for each, and the assistant ÷ naive ratios
  (goal: p95 ≤ ×10).  A warm-up of other messages (:data:`WARM_UP`), untimed, loads what each
  process loads once; then the first time each message is sent is timed on its own ("1ª vez"), since
  the assistant keeps per-text caches (word stems, kinds, conditions) that a repeated message hits and
  real traffic — mostly messages never seen — does not; the rounds after it measure repeats.

The machine may be shared: compare the ratios of one run, not absolute times.
Run on demand: ``python benchmarks/assistant.py [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

MESSAGES = [
    "oi, tudo bem?",
    "qual a multa por fazer fretamento sem autorização em pernambuco?",
    "ônibus de fretamento pode parar na rodoviária?",
    "quanto tempo vale o certificado de registro cadastral?",
    "preciso de vistoria todo ano?",
    "posso vender passagem avulsa numa viagem de fretamento?",
    "qual a idade máxima do ônibus para fretamento em PE?",
    "o que acontece se a empresa não tiver seguro dos passageiros?",
    "em são paulo, quem autoriza o fretamento intermunicipal?",
    "no acre, qual a penalidade para transporte clandestino?",
    "e no recife, como funciona o transporte complementar?",
    "a lista de passageiros é obrigatória?",
    "meu ônibus foi apreendido, como faço para liberar?",
    "qual o prazo para recorrer de uma multa da EPTI?",
    "van com 15 lugares pode fazer fretamento eventual?",
    "motorista precisa de curso especial?",
    "consultar placa KGT2E47",
    "a placa PFX1960 está regular?",
    "quero denunciar um ônibus pirata",
    "pode levar passageiro em pé no fretamento?",
    "quais documentos o veículo precisa ter a bordo?",
    "fretamento contínuo precisa de contrato?",
    "a empresa pode ser descredenciada por quê?",
    "qual o valor da multa gravíssima em pernambuco hoje?",
    "carro de passeio pode fazer turismo pago?",
    "o que é fretamento turístico?",
    "quem fiscaliza o transporte intermunicipal no acre?",
    "tem multa por cobrar tarifa no fretamento?",
    "quantos anos de fabricação o micro-ônibus pode ter em são paulo?",
    "como renovar o registro da empresa?",
    "o que diz o artigo 22 da lei de pernambuco?",
    "e se o veículo estiver sem o selo de vistoria?",
    "posso fazer fretamento com ônibus alugado?",
    "obrigado, era isso",
    "a autorização de viagem precisa ser pedida com quantos dias de antecedência?",
    "transporte escolar entra nessas leis?",
    "qual a diferença entre fretamento eventual e contínuo?",
    "o passageiro pode ser deixado no meio da viagem?",
    "como calcular o valor da multa em UFIRAC?",
    "a empresa estrangeira pode operar fretamento em pernambuco?",
]


# Sent before timing, to load models, index and caches of the process; none is in MESSAGES.
WARM_UP = [
    "bom dia",
    "qual a multa por transportar passageiros sem cadastro no recife?",
    "quem emite o certificado de vistoria em são paulo?",
    "o fretamento contínuo exige lista de passageiros?",
]


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * pct / 100
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="times each message is sent (each time to a new conversation)")
    args = parser.parse_args()

    from app import create_app
    from knowledge.corpus import all_laws
    from portal import assistant_service
    from search import NaiveWhoosh
    from search_index import SearchIndex, build_index

    with tempfile.TemporaryDirectory(prefix="embarque-assistente-") as tmp:
        laws = all_laws()
        build_index(Path(tmp) / "index", laws)
        naive = NaiveWhoosh(Path(tmp) / "naive", laws)
        engine = SearchIndex.open(Path(tmp) / "index")
        app = create_app({"DATA_DIR": tmp, "INDEX_DIR": str(Path(tmp) / "index"), "RATELIMIT_ENABLED": False})
        assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0

        def assistant(message: str) -> None:
            with app.test_request_context("/api/v1/assistente", method="POST"):
                assistant_service.converse(message, None)

        timings: dict[str, dict[str, list[float]]] = {name: {m: [] for m in MESSAGES} for name in ("assistente", "ingênuo", "motor")}
        runs = {"assistente": assistant, "ingênuo": lambda m: naive.search(m, limit=10), "motor": lambda m: engine.search(m, limit=10)}
        from portal.warmup import warm_up

        warm_up(app)  # what each gunicorn worker does before it accepts traffic (gunicorn.conf.py)
        for message in WARM_UP:  # untimed: what a process loads once
            for run in runs.values():
                run(message)
        first: dict[str, list[float]] = {name: [] for name in runs}
        for message in MESSAGES:  # each message's first time in this process
            for name, run in runs.items():
                started = time.perf_counter()
                run(message)
                first[name].append((time.perf_counter() - started) * 1000)
        for _ in range(args.rounds):
            for message in MESSAGES:
                for name, run in runs.items():
                    started = time.perf_counter()
                    run(message)
                    timings[name][message].append((time.perf_counter() - started) * 1000)

    print(f"{len(MESSAGES)} mensagens × {args.rounds} rodadas, intercaladas (máquina possivelmente compartilhada: valem as razões desta execução)")
    flat = {name: [t for ts in per.values() for t in ts] for name, per in timings.items()}
    print(f"{'':22} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
    for name, values in flat.items():
        print(f"{name:22} {percentile(values, 50):9.2f} {percentile(values, 95):9.2f} {max(values):9.2f}")
    a, n = flat["assistente"], flat["ingênuo"]
    print(f"assistente ÷ ingênuo    p50 ×{percentile(a, 50) / percentile(n, 50):.1f}   p95 ×{percentile(a, 95) / percentile(n, 95):.1f} (meta ≤ ×10)   "
          f"max ×{max(a) / max(n):.1f}")
    print(f"1ª vez de cada mensagem no processo ({len(MESSAGES)} mensagens): " + "; ".join(
        f"{name} p50 {percentile(v, 50):.2f} ms p95 {percentile(v, 95):.2f} ms" for name, v in first.items()))
    a1, n1 = first["assistente"], first["ingênuo"]
    print(f"assistente ÷ ingênuo, 1ª vez    p50 ×{percentile(a1, 50) / percentile(n1, 50):.1f}   p95 ×{percentile(a1, 95) / percentile(n1, 95):.1f} (meta ≤ ×10)   "
          f"max ×{max(a1) / max(n1):.1f}")
    slowest = sorted(timings["assistente"].items(), key=lambda kv: -statistics.median(kv[1]))[:5]
    print("mensagens mais lentas do assistente (mediana ms): " + "; ".join(f"{m!r} {statistics.median(ts):.0f}" for m, ts in slowest))


if __name__ == "__main__":
    main()
