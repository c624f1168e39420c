"""WhatsApp/Telegram channels: how fast a webhook acknowledges, how many messages one node answers.

In one run, on this machine:

1. **Acknowledgement**: the median time of a signed WhatsApp webhook POST (signature
   check, parse, the update recorded once, the work queued) and of a Telegram one, each
   as a ratio to a bare Flask ``/ping`` measured the same way in the same run
   (in-process, Flask's test client: the application's own cost, no network).  The
   platforms re-send an update when the webhook is slow; the ratio shows that the
   webhook does a fixed, small amount of work whatever the message asks.
2. **Throughput**: N messages (plates and greetings from ``--conversations`` people)
   queued, then one worker process (``portal.queue.run_worker``, huey's consumer with
   ``--threads`` threads, the SQLite queue of one machine) answers them all against a
   local stub of the platform's API; messages per second from the worker's first reply to
   its last, next to the same turns through POST /api/v1/assistente in-process (the
   engine alone) as the baseline.

Run on demand: ``python benchmarks/channels.py [--messages 200] [--conversations 20] [--threads 2]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402

from app import create_app  # noqa: E402
from tests import channels_stub as stub_api  # noqa: E402
from tests.test_channels_delivery import WORKER  # noqa: E402

MESSAGES = ["KGT2E47", "oi", "PFX1960", "obrigado", "ABC1D23", "ajuda"]


def _median_ms(call, n: int) -> float:
    times = []
    for i in range(n):
        start = time.perf_counter()
        call(i)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def acknowledgement(app, n: int) -> None:
    floor = Flask("floor")
    floor.get("/ping")(lambda: {"ok": True})
    floor_client, client = floor.test_client(), app.test_client()

    def ping(_i):
        assert floor_client.get("/ping").status_code == 200

    def whatsapp(i):
        raw = stub_api.wa_body([stub_api.wa_text(f"wamid.BENCH{i}", MESSAGES[i % len(MESSAGES)])], sender=f"55819{i % 50:08d}")
        assert client.post("/canais/whatsapp/webhook", data=raw, headers={"X-Hub-Signature-256": stub_api.wa_signature(raw)}).status_code == 200

    def telegram(i):
        update = stub_api.tg_message(10_000_000 + i, MESSAGES[i % len(MESSAGES)], chat_id=100 + i % 50)
        assert client.post("/canais/telegram/webhook", json=update, headers={"X-Telegram-Bot-Api-Secret-Token": stub_api.TG_SECRET}).status_code == 200

    for _ in range(20):  # warm up
        ping(0)
    floor_ms = (_median_ms(ping, n) + _median_ms(ping, n)) / 2
    wa_ms, tg_ms = _median_ms(whatsapp, n), _median_ms(telegram, n)
    print(f"Confirmação do webhook (mediana de {n}, em processo):")
    print(f"  piso Flask /ping        {floor_ms:7.3f} ms   1.0×")
    print(f"  WhatsApp (assinado)     {wa_ms:7.3f} ms   {wa_ms / floor_ms:5.1f}×")
    print(f"  Telegram (token)        {tg_ms:7.3f} ms   {tg_ms / floor_ms:5.1f}×")


def throughput(config: dict, app, stub, messages: int, conversations: int, threads: int) -> None:
    client = app.test_client()
    for i in range(messages):
        update = stub_api.tg_message(20_000_000 + i, MESSAGES[i % len(MESSAGES)], chat_id=5000 + i % conversations)
        client.post("/canais/telegram/webhook", json=update, headers={"X-Telegram-Bot-Api-Secret-Token": stub_api.TG_SECRET})
    before = len(stub.sent())
    env = {**os.environ, "CHANNELS_TEST_CONFIG": json.dumps(config)}
    log = open(os.environ.get("CHANNELS_BENCH_LOG", os.devnull), "w")
    worker = subprocess.Popen([sys.executable, "-c", WORKER.format(root=str(ROOT)).replace("workers=2", f"workers={threads}")], env=env,
                              stdout=log, stderr=log)
    try:
        deadline = time.time() + 600
        while len(stub.sent()) - before < messages and time.time() < deadline:
            time.sleep(0.1)
    finally:
        worker.terminate()
        worker.wait(30)
    sent = stub.sent()[before:]
    span = sent[-1]["at"] - sent[0]["at"]
    rate = (len(sent) - 1) / span if span > 0 else float("inf")

    def turn(i):
        client.post("/api/v1/assistente", json={"mensagem": MESSAGES[i % len(MESSAGES)], "conversa": None})

    engine_ms = _median_ms(turn, min(messages, 100))
    engine_rate = 1000 / engine_ms
    print(f"Vazão de um nó ({messages} mensagens de {conversations} conversas; worker com {threads} threads, fila SQLite):")
    print(f"  respostas enviadas      {len(sent)} em {span:.1f} s = {rate:.1f} mensagens/s")
    print(f"  motor sozinho (API)     {engine_rate:.1f} turnos/s (uma thread, em processo)")
    print(f"  razão canal ÷ motor     {rate / engine_rate:.2f}×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--conversations", type=int, default=20)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--acks", type=int, default=300)
    args = parser.parse_args()
    from knowledge.corpus import all_laws
    from search_index import build_index

    stub = stub_api.Stub()
    with tempfile.TemporaryDirectory() as tmp:
        build_index(Path(tmp) / "index", all_laws())
        config = {"DATA_DIR": tmp, "INDEX_DIR": str(Path(tmp) / "index"), **stub_api.channel_config(stub)}
        app = create_app(config)
        app.test_cli_runner().invoke(args=["registry", "demo"])
        acknowledgement(app, args.acks)
        # the acknowledgement run queued work; a fresh data directory for the throughput run
        with tempfile.TemporaryDirectory() as tmp2:
            config2 = {**config, "DATA_DIR": tmp2}
            app2 = create_app(config2)
            app2.test_cli_runner().invoke(args=["registry", "demo"])
            throughput(config2, app2, stub, args.messages, args.conversations, args.threads)
    stub.close()


if __name__ == "__main__":
    main()
