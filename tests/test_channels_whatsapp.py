"""WhatsApp Cloud API webhook: recorded updates in Meta's documented format, replayed against a
local stub of the Graph API that records what the portal sends back."""

from __future__ import annotations


import pytest

from app import create_app
from tests import channels_stub as stub_api
from tests.channels_stub import WA_PNID, WA_VERIFY, channel_app, run_queue, wa_body, wa_button, wa_image, wa_list, wa_signature, wa_text
from tests.channels_stub import WA_WEBHOOK as URL
from tests.channels_stub import post_whatsapp as post


@pytest.fixture()
def wa_app(tmp_path, index_dir, stub):
    return channel_app(tmp_path, index_dir, stub, demo=True)


def say(app, client, stub, *messages, sender="5581999990001") -> list[dict]:
    """Send the messages (one update each), let the worker answer, return what it sent for them."""
    before = len(stub.sent("whatsapp"))
    for message in messages:
        assert post(client, wa_body([message], sender=sender)).status_code == 200
    run_queue(app)
    return [c["body"] for c in stub.sent("whatsapp")[before:]]


def text_of(body: dict) -> str:
    if body["type"] == "text":
        return body["text"]["body"]
    return body["interactive"]["body"]["text"]


def options_of(body: dict) -> list[tuple[str, str]]:
    if body["type"] != "interactive":
        return []
    action = body["interactive"]["action"]
    if "buttons" in action:
        return [(b["reply"]["id"], b["reply"]["title"]) for b in action["buttons"]]
    return [(r["id"], r["title"]) for s in action["sections"] for r in s["rows"]]


def test_off_by_default(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "CHANNELS": []})
    client = app.test_client()
    assert client.get(URL, query_string={"hub.mode": "subscribe", "hub.verify_token": "x", "hub.challenge": "1"}).status_code == 404
    assert client.post(URL, data=b"{}").status_code == 404


def test_verification_handshake(wa_app):
    client = wa_app.test_client()
    ok = client.get(URL, query_string={"hub.mode": "subscribe", "hub.verify_token": WA_VERIFY, "hub.challenge": "1158201444"})
    assert ok.status_code == 200 and ok.get_data(as_text=True) == "1158201444"
    assert client.get(URL, query_string={"hub.mode": "subscribe", "hub.verify_token": "errado", "hub.challenge": "1"}).status_code == 403


def test_forged_or_missing_signature_is_refused_and_nothing_recorded(wa_app, stub):
    client = wa_app.test_client()
    raw = wa_body([wa_text("wamid.F1", "KGT2E47")])
    assert post(client, raw, signature=None).status_code == 401
    assert post(client, raw, signature=wa_signature(raw, "outro-segredo")).status_code == 401
    assert post(client, raw, signature="sha256=" + "0" * 64).status_code == 401
    # signed, then altered: the signature covers the exact bytes
    assert post(client, raw.replace(b"KGT2E47", b"ABC1234"), signature=wa_signature(raw)).status_code == 401
    run_queue(wa_app)
    assert stub.sent() == []


def test_duplicate_delivery_gets_one_reply_and_statuses_are_dropped(wa_app, stub):
    client = wa_app.test_client()
    raw = wa_body([wa_text("wamid.DUP1", "KGT2E47")])
    assert post(client, raw).status_code == 200
    assert post(client, raw).status_code == 200  # Meta re-sends when unsure of the first delivery
    statuses = wa_body([], statuses=[{"id": "wamid.out1", "status": "delivered", "timestamp": "1700000000", "recipient_id": "5581999990001"}])
    assert post(client, statuses).status_code == 200
    run_queue(wa_app)
    sent = stub.sent("whatsapp")
    assert len(sent) == 1
    assert sent[0]["body"]["to"] == "5581999990001" and sent[0]["path"] == f"/v21.0/{WA_PNID}/messages"
    assert sent[0]["auth"] == f"Bearer {stub_api.WA_TOKEN}"


def test_a_plate_gets_the_verdict_and_the_vehicle_page(wa_app, stub):
    [reply] = say(wa_app, wa_app.test_client(), stub, wa_text("wamid.P1", "KGT2E47"))
    text = text_of(reply)
    assert "KGT2E47" in text and "autorizado" in text
    assert "https://embarque.example.org/v/KGT2E47" in text


def test_a_law_question_is_the_web_answer_with_citation_links(wa_app, stub):
    client = wa_app.test_client()
    web = client.post("/api/v1/assistente", json={"mensagem": "Quanto tempo vale o CRC em Pernambuco?", "conversa": None}).get_json()
    replies = say(wa_app, client, stub, wa_text("wamid.L1", "Quanto tempo vale o CRC em Pernambuco?"))
    text = "\n".join(text_of(r) for r in replies)
    assert web["resposta"] in text
    assert web["citations"], "the web answer cites the law"
    for cite in web["citations"]:
        assert "https://embarque.example.org" + cite["url"] in text


def test_a_wizard_with_buttons_and_lists(wa_app, stub):
    client = wa_app.test_client()
    replies = say(wa_app, client, stub, wa_text("wamid.W1", "Qual é a minha modalidade de fretamento?"))
    kinds, n = set(), 2
    while "resultado completo" not in text_of(replies[-1]) and n < 22:
        last, n = replies[-1], n + 1
        options = [o for o in options_of(last) if o[1] != "Pular"] or options_of(last)
        if not options:  # a date or a number, typed
            replies = say(wa_app, client, stub, wa_text(f"wamid.W{n}", "20/11/2026" if "10/11/2026" in text_of(last) else "2"))
            continue
        action = last["interactive"]["action"]
        if "buttons" in action:
            assert len(action["buttons"]) <= 3 and all(len(b["reply"]["title"]) <= 20 for b in action["buttons"])
            kinds.add("buttons")
            replies = say(wa_app, client, stub, wa_button(f"wamid.W{n}", *options[0]))
        else:
            rows = [r for s in action["sections"] for r in s["rows"]]
            assert len(rows) <= 10 and all(len(r["title"]) <= 24 for r in rows)
            kinds.add("list")
            replies = say(wa_app, client, stub, wa_list(f"wamid.W{n}", *options[0]))
    assert kinds == {"buttons", "list"}  # yes/no as reply buttons, the places (long labels) as a list
    final = "\n".join(text_of(r) for r in replies)
    assert "resultado completo" in final and "https://embarque.example.org/assistentes/" in final


def test_a_complaint_ends_with_a_protocol_whose_status_the_chat_tells(wa_app, stub):
    client = wa_app.test_client()
    replies = say(wa_app, client, stub, wa_text("wamid.C1", "o ônibus estava andando com a porta aberta no Recife"))
    start = [o for r in replies for o in options_of(r) if o[1] == "Denunciar por aqui"]
    assert start, replies
    replies = say(wa_app, client, stub, wa_button("wamid.C2", *start[0]))
    asked = "\n".join(text_of(r) for r in replies)
    assert "anônima" in asked and "dia" in asked  # the place came from the message: the date is asked
    replies = say(wa_app, client, stub, wa_button("wamid.C3", *[o for o in options_of(replies[-1]) if o[1] == "Hoje"][0]))
    assert "Conte o que aconteceu" in text_of(replies[-1])
    replies = say(wa_app, client, stub, wa_text("wamid.C4", "Linha Recife–Olinda, 7h30, a porta ficou aberta o trajeto todo."))
    assert "foto" in text_of(replies[-1])
    replies = say(wa_app, client, stub, wa_image("wamid.C5", "media-4490"))
    final = "\n".join(text_of(r) for r in replies)
    assert "Denúncia registrada" in final
    protocol = final.split("protocolo é ")[1].split(":")[0]
    assert protocol.startswith("EL-")
    with wa_app.test_request_context("/"):
        from portal import complaints_service

        status = complaints_service.public_status(protocol)
    # Read by the one reader: Recife, Anexo Único, Grupo 2, n) "movimentar o veículo com as portas abertas".
    assert status["jurisdicao"] == "recife" and status["ocorrencias"] == ["porta_aberta", "linha:recife-lei-16856-2003 anexo-unico/grupo-2/ali-n"]
    # the photo came through the Graph API's two steps, with the token
    assert any(c["path"] == "/v21.0/media-4490" for c in stub.calls) and any(c["path"].startswith("/lookaside/") for c in stub.calls)
    [answer] = say(wa_app, client, stub, wa_text("wamid.C6", protocol.lower().replace("-", " ")))
    assert "Recebida" in text_of(answer) and f"/denuncia/{protocol}" in text_of(answer)


def test_the_reply_types_keep_to_whatsapps_limits(wa_app):
    from portal.channels import whatsapp
    from portal.channels.render import Choice, Message

    with wa_app.test_request_context("/"):
        [(_, short)], _options = whatsapp.render(Message("Viajou em pé?", choices=[Choice("Sim", "sim"), Choice("Não", "nao")]))
        assert short["interactive"]["type"] == "button" and [b["reply"]["title"] for b in short["interactive"]["action"]["buttons"]] == ["Sim", "Não"]
        long_labels = [Choice("Pernambuco (fiscalização da EPTI)", "pe"), Choice("Recife (transporte complementar, Prefeitura)", "recife")]
        [(_, listed)], _options = whatsapp.render(Message("Onde?", choices=long_labels))
        rows = listed["interactive"]["action"]["sections"][0]["rows"]
        assert listed["interactive"]["type"] == "list" and all(len(r["title"]) <= 24 for r in rows)
        assert rows[1]["description"].startswith("Recife (transporte")
        many = [Choice(f"Opção {n}", f"v{n}") for n in range(1, 13)]
        parts, options = whatsapp.render(Message("Qual?", choices=many))
        assert [p[1]["type"] for p in parts] == ["text"] and "12. Opção 12" in parts[0][1]["text"]["body"]
        assert options == {"valores": [f"v{n}" for n in range(1, 13)], "numeradas": True}
        parts, _options = whatsapp.render(Message("x" * 5000))
        assert [len(p[1]["text"]["body"]) for p in parts] == [4096, 904]


def test_the_language_follows_the_numbers_country(wa_app, stub):
    from portal.channels.whatsapp import language_of

    assert (language_of("5581999990001"), language_of("34600111222"), language_of("5491122223333"), language_of("14155550100")) == ("pt_BR", "es", "es", "en")
    [reply] = say(wa_app, wa_app.test_client(), stub, wa_text("wamid.ES1", "hola"), sender="34600111222")
    assert "Hola" in text_of(reply)


def test_a_batch_larger_than_the_apps_body_limit_is_accepted(wa_app, stub):
    messages = [wa_text(f"wamid.LOTE{n}", "oi " + "x" * 900) for n in range(100)]  # ~100 KB, over the app-wide 64 KiB
    raw = wa_body(messages, sender="5581911112222")
    assert len(raw) > 64 * 1024
    assert post(wa_app.test_client(), raw).status_code == 200
    with wa_app.app_context():
        from portal.database import get_store

        assert get_store().execute("SELECT count(*) FROM channel_inbound").fetchone() == (100,)
