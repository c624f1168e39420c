"""Personal data in the channels (LGPD): no phone number or chat id at rest or in the logs,
texts erased after the retention period, and "apagar meus dados" honoured at once."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from app import create_app
from tests.channels_stub import channel_app, post_telegram, post_whatsapp, run_queue, tg_message, wa_body, wa_text

PHONE = "5581987654321"
CHAT_ID = 918273645


@pytest.fixture()
def app(tmp_path, index_dir, stub):
    return channel_app(tmp_path, index_dir, stub)


def whatsapp(app, wamid: str, text: str):
    assert post_whatsapp(app.test_client(), wa_body([wa_text(wamid, text)], sender=PHONE)).status_code == 200


def telegram(app, update_id: int, text: str):
    assert post_telegram(app.test_client(), tg_message(update_id, text, chat_id=CHAT_ID)).status_code == 200


def rows(app, sql: str, params=()):
    with app.app_context():
        from portal.database import get_store

        return get_store().execute(sql, list(params)).fetchall()


def test_no_phone_number_or_chat_id_at_rest_nor_in_the_logs(app, stub, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    whatsapp(app, "wamid.PRIV1", "quanto tempo vale o CRC?")
    telegram(app, 7001, "KGT2E47")
    run_queue(app)
    assert len(stub.sent()) >= 2  # answered: the addresses were used, then erased
    with app.app_context():
        from portal.database import get_store

        get_store().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for path in Path(tmp_path).glob("*.db*"):  # the portal's database and the queue's, with their journals
        data = path.read_bytes()
        assert PHONE.encode() not in data and str(CHAT_ID).encode() not in data, path.name
    keys = [r[0] for r in rows(app, "SELECT chave FROM channel_conversations")]
    assert len(keys) == 2 and all(len(k) == 64 for k in keys)  # HMAC-SHA256, hex
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert PHONE not in logged and str(CHAT_ID) not in logged and "CRC" not in logged


def test_apagar_meus_dados_erases_the_conversation(app, stub):
    whatsapp(app, "wamid.E1", "Qual é a minha modalidade de fretamento?")
    run_queue(app)
    [(assistant_id,)] = rows(app, "SELECT conversa FROM channel_conversations")
    assert rows(app, "SELECT count(*) FROM conversations WHERE id = ?", [assistant_id]) == [(1,)]
    whatsapp(app, "wamid.E2", "Apagar meus dados")
    run_queue(app)
    assert "apaguei esta conversa" in stub.sent()[-1]["body"]["text"]["body"]
    assert rows(app, "SELECT count(*) FROM conversations WHERE id = ?", [assistant_id]) == [(0,)]
    assert rows(app, "SELECT conversa, rascunho, oferta FROM channel_conversations") == [(None, None, None)]
    # what remains of the updates: the erasing one, emptied (a platform's retry of it is still recognised)
    assert rows(app, "SELECT chave_msg, conteudo FROM channel_inbound") == [("wa:wamid.E2", None)]
    assert all("modalidade" not in (r[0] or "") for r in rows(app, "SELECT corpo FROM channel_outbound"))
    whatsapp(app, "wamid.E2", "Apagar meus dados")
    run_queue(app)
    assert sum("apaguei" in str(c["body"]) for c in stub.sent()) == 1


class _Killed(BaseException):
    """The worker process ending mid-turn (not an error the worker could catch and apologise for)."""


def _conversation_ids(app) -> set[str]:
    return {r[0] for r in rows(app, "SELECT id FROM conversations")}


def test_a_worker_that_dies_mid_turn_leaves_no_copy_of_the_conversation_behind(app, stub, monkeypatch):
    """A turn changes a copy of the assistant's conversation, named after the update; a worker
    that dies before the update is stored as answered leaves that copy, and answering the
    update again rewrites the same one and makes it the conversation: nothing outlives it."""
    from portal.channels import delivery, inbox, store
    from portal.database import get_store

    whatsapp(app, "wamid.K1", "Qual é a minha modalidade de fretamento?")
    run_queue(app)
    [(first,)] = rows(app, "SELECT conversa FROM channel_conversations")
    finish = store.finish_inbound

    def dies(*args, **kwargs):
        raise _Killed

    monkeypatch.setattr(store, "finish_inbound", dies)
    whatsapp(app, "wamid.K2", "Quanto tempo vale o CRC em Pernambuco?")
    with app.app_context():
        conversation = inbox.conversation_key("whatsapp", PHONE)
    for _attempt in range(2):  # the worker dies twice on the same update
        with pytest.raises(_Killed):
            delivery.drain(app, conversation)
        with app.app_context():
            get_store().execute("UPDATE channel_conversations SET trava_ate = 0 WHERE chave = ?", [conversation])
    assert len(_conversation_ids(app) - {first}) == 1  # one copy, not one per attempt
    monkeypatch.setattr(store, "finish_inbound", finish)
    run_queue(app)
    [(live,)] = rows(app, "SELECT conversa FROM channel_conversations")
    assert _conversation_ids(app) == {live} and live != first


def test_apagar_meus_dados_erases_every_copy_of_the_chat_left_by_its_updates(app, stub):
    """Whatever copy an update's turn left (a worker that died while another had taken the chat
    over), "apagar meus dados" finds it from the chat's updates on record and erases it."""
    from portal.channels import inbox, turn
    from portal.database import get_store
    from portal.storage import conversations

    whatsapp(app, "wamid.L1", "Qual é a minha modalidade de fretamento?")
    whatsapp(app, "wamid.L2", "Quanto tempo vale o CRC em Pernambuco?")
    run_queue(app)
    with app.app_context():
        conversation = inbox.conversation_key("whatsapp", PHONE)
        [first_seq] = [r[0] for r in get_store().execute("SELECT seq FROM channel_inbound WHERE chave_msg = 'wa:wamid.L1'").fetchall()]
        left = conversations.save(get_store(), turn.turn_copy_id(conversation, first_seq), {"historico": ["crc"]})
    assert left in _conversation_ids(app) and len(_conversation_ids(app)) == 2
    whatsapp(app, "wamid.L3", "Apagar meus dados")
    run_queue(app)
    assert "apaguei esta conversa" in stub.sent()[-1]["body"]["text"]["body"]
    assert _conversation_ids(app) == set()


def test_texts_older_than_the_retention_period_are_erased(app, stub):
    telegram(app, 7100, "pode viajar gente em pé?")
    telegram(app, 7101, "oi")
    run_queue(app)
    old = time.time() - 31 * 86400
    with app.app_context():
        from portal.database import get_store

        db = get_store()
        db.execute("UPDATE channel_inbound SET recebida_em = ? WHERE chave_msg = 'tg:7100'", [old])
        db.execute("UPDATE channel_outbound SET criada_em = ? WHERE origem_seq = (SELECT seq FROM channel_inbound WHERE chave_msg = 'tg:7100')", [old])
    result = app.test_cli_runner().invoke(args=["channels", "purge"])
    assert result.exit_code == 0 and "1 mensagens recebidas" in result.output, result.output
    assert [r[0] for r in rows(app, "SELECT chave_msg FROM channel_inbound")] == ["tg:7101"]
    assert all("em pé" not in r[0] for r in rows(app, "SELECT corpo FROM channel_outbound"))
    # a whole conversation idle for longer than the period goes, with the assistant's state
    with app.app_context():
        get_store().execute("UPDATE channel_inbound SET recebida_em = ?", [old])
        get_store().execute("UPDATE channel_outbound SET criada_em = ?", [old])
        get_store().execute("UPDATE channel_conversations SET atualizada_em = ?", [old])
    assert app.test_cli_runner().invoke(args=["channels", "purge"]).exit_code == 0
    assert rows(app, "SELECT count(*) FROM channel_conversations") == [(0,)]
    assert rows(app, "SELECT count(*) FROM channel_outbound") == [(0,)]


def test_the_retention_period_is_configurable(tmp_path, index_dir, stub, monkeypatch):
    monkeypatch.setenv("CHANNELS_RETENTION_DAYS", "7")
    configured = channel_app(tmp_path, index_dir, stub)
    assert configured.config["CHANNELS_RETENTION_DAYS"] == 7


def test_a_channel_switched_on_without_its_secret_does_not_start(tmp_path, index_dir, monkeypatch):
    from portal.channels.config import ChannelConfigError

    monkeypatch.setenv("PORTAL_CHANNELS", "telegram")
    for key in ("TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"):
        monkeypatch.delenv(key, raising=False)
    with pytest.raises(ChannelConfigError, match="TELEGRAM_BOT_TOKEN"):
        create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})


def test_a_failing_turn_is_answered_with_an_apology_and_logged_without_the_message(app, stub, caplog, monkeypatch):
    from portal.channels import turn

    def broken(item, state, conversation):
        raise ValueError(f"não consegui ler {item['content']['texto']!r}")

    monkeypatch.setattr(turn, "respond", broken)
    caplog.set_level(logging.DEBUG)
    telegram(app, 7200, "meu nome é Maria da Silva")
    run_queue(app)
    assert "Desculpe" in stub.sent()[-1]["body"]["text"]
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "ValueError" in logged and "Maria" not in logged
