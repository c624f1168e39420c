"""Telegram Bot API webhook: recorded updates in the Bot API's documented format, replayed against
a local stub of api.telegram.org that records what the portal sends back."""

from __future__ import annotations

import itertools

import pytest

from tests.channels_stub import BOT_TOKEN, TG_SECRET, channel_app, post_telegram, run_queue, tg_callback, tg_message, tg_photo


@pytest.fixture()
def tg_app(tmp_path, index_dir, stub):
    return channel_app(tmp_path, index_dir, stub, demo=True)


class Chat:
    """One person's chat with the bot: each update gets the bot's next update_id (one sequence per bot)."""

    update_ids = itertools.count(500001)

    def __init__(self, app, stub, chat_id=777001, language="pt-br"):
        self.app, self.stub, self.client = app, stub, app.test_client()
        self.chat_id, self.language = chat_id, language

    def send(self, update: dict) -> list[dict]:
        before = len(self.stub.sent("telegram"))
        assert post_telegram(self.client, update).status_code == 200
        run_queue(self.app)
        return [c["body"] for c in self.stub.sent("telegram")[before:]]

    def next_id(self) -> int:
        return next(Chat.update_ids)

    def text(self, text: str) -> list[dict]:
        return self.send(tg_message(self.next_id(), text, self.chat_id, self.language))

    def press(self, reply: dict, label: str) -> list[dict]:
        data = next(b["callback_data"] for row in reply["reply_markup"]["inline_keyboard"] for b in row if b["text"] == label)
        return self.send(tg_callback(self.next_id(), data, self.chat_id, self.language))


def buttons(reply: dict) -> list[str]:
    return [b["text"] for row in (reply.get("reply_markup") or {}).get("inline_keyboard", []) for b in row]


def test_set_webhook_sends_the_secret_token(tg_app, stub):
    result = tg_app.test_cli_runner().invoke(args=["channels", "telegram-webhook"])
    assert result.exit_code == 0, result.output
    [call] = [c for c in stub.calls if c["path"] == f"/bot{BOT_TOKEN}/setWebhook"]
    assert call["body"]["url"] == "https://embarque.example.org/canais/telegram/webhook"
    assert call["body"]["secret_token"] == TG_SECRET


def test_an_update_without_the_secret_token_is_refused(tg_app, stub):
    client = tg_app.test_client()
    update = tg_message(1, "KGT2E47")
    assert post_telegram(client, update, secret=None).status_code == 401
    assert post_telegram(client, update, secret="adivinhado").status_code == 401
    run_queue(tg_app)
    assert stub.sent() == []


def test_a_repeated_update_id_gets_one_reply(tg_app, stub):
    client = tg_app.test_client()
    update = tg_message(42, "KGT2E47")
    for _ in range(3):  # Telegram re-sends an update until the webhook answers 200
        assert post_telegram(client, update).status_code == 200
    run_queue(tg_app)
    [sent] = stub.sent("telegram")
    assert sent["body"]["chat_id"] == "777001" and "KGT2E47" in sent["body"]["text"]


def test_a_plate_gets_the_verdict_and_the_vehicle_page(tg_app, stub):
    [reply] = Chat(tg_app, stub).text("KGT2E47")
    assert "autorizado" in reply["text"] and "https://embarque.example.org/v/KGT2E47" in reply["text"]


def test_a_law_question_is_the_web_answer_with_citation_links(tg_app, stub):
    question = "Pode vender passagem individual no fretamento em São Paulo?"
    web = tg_app.test_client().post("/api/v1/assistente", json={"mensagem": question, "conversa": None}).get_json()
    replies = Chat(tg_app, stub).text(question)
    text = "\n".join(r["text"] for r in replies)
    assert web["resposta"] in text and web["citations"]
    for cite in web["citations"]:
        assert "https://embarque.example.org" + cite["url"] in text


def test_the_language_comes_from_the_users_telegram_setting(tg_app, stub):
    english = Chat(tg_app, stub, chat_id=888, language="en").text("hello")
    spanish = Chat(tg_app, stub, chat_id=999, language="es").text("hola")
    portuguese = Chat(tg_app, stub, chat_id=111, language="pt-br").text("oi")
    assert "I answer" in english[0]["text"] or "Hello" in english[0]["text"]
    assert "Hola" in spanish[0]["text"]
    assert "Olá" in portuguese[0]["text"]


def test_a_wizard_completed_with_inline_buttons(tg_app, stub):
    chat = Chat(tg_app, stub)
    replies = chat.text("Apreenderam minha van")
    presses = typed = 0
    while "resultado completo" not in replies[-1]["text"] and presses + typed < 20:
        options = [b for b in buttons(replies[-1]) if b != "Pular"] or buttons(replies[-1])
        if options:  # a choice: the first option each time ("Pular" only when nothing else is offered)
            replies = chat.press(replies[-1], options[0])
            presses += 1
        else:  # a date or a number is typed, as the question's hint says
            replies = chat.text("20/11/2026" if "10/11/2026" in replies[-1]["text"] else "2")
            typed += 1
    assert presses >= 2
    calls = [c["path"] for c in stub.calls]
    assert calls.count(f"/bot{BOT_TOKEN}/answerCallbackQuery") == presses  # each button's spinner stopped
    final = "\n".join(r["text"] for r in replies)
    assert "resultado completo" in final and "https://embarque.example.org/assistentes/" in final


def test_a_complaint_with_a_photo_to_a_protocol_and_its_status(tg_app, stub):
    chat = Chat(tg_app, stub)
    replies = chat.text("vi passageiros viajando em pé num ônibus de fretamento")
    assert "Onde aconteceu?" in replies[-1]["text"]  # a report's row depends on the place's table
    replies = chat.press(replies[-1], "Pernambuco")
    assert any("Transportar passageiro em pé ou acima da capacidade do veículo" in r["text"] for r in replies)
    replies = chat.press(replies[-1], "Denunciar por aqui")
    assert "dia" in replies[-1]["text"]
    replies = chat.text("25/11/2026")
    assert "Conte o que aconteceu" in replies[-1]["text"]
    replies = chat.text("Ônibus da linha Caruaru–Recife, 6h, umas dez pessoas em pé no corredor.")
    assert "foto" in replies[-1]["text"]
    replies = chat.send(tg_photo(chat.next_id(), "AgACAgEAAxkBAAIB"))
    final = replies[-1]["text"]
    assert "Denúncia registrada" in final and "/denuncia/EL-" in final
    protocol = final.split("protocolo é ")[1].split(":")[0]
    assert any(c["path"] == f"/bot{BOT_TOKEN}/getFile" and c["body"]["file_id"] == "AgACAgEAAxkBAAIB" for c in stub.calls)
    with tg_app.test_request_context("/"):
        from portal import complaints_service
        from portal.database import get_store

        status = complaints_service.public_status(protocol)
        [photo] = get_store().execute("SELECT tipo, largura FROM complaint_photos").fetchall()
    # The story read by the same reader as the web: PE Anexo I, III, e) "transportar passageiro em pé ou acima da capacidade do veículo".
    assert status["jurisdicao"] == "pe" and status["data_ocorrencia"] == "2026-11-25"
    assert status["ocorrencias"] == ["passageiros_em_pe", "linha:pe-lei-16205-2017 anexo-i/inc-3/ali-e"]
    assert photo == ("image/jpeg", 64)  # re-encoded by the web uploads' checks
    [answer] = chat.text(protocol)
    assert "Recebida" in answer["text"]
