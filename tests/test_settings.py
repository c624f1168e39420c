"""settings.py: every setting declared once, validated at start, read through it, listed in the README.

The source scans below are what keep the table complete: a module that reads a new
environment variable, or an app.config key the table does not declare, fails here.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

import settings
from app import create_app

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "app.py", ROOT / "gunicorn.conf.py"] + sorted(
    path for folder in ("portal", "knowledge", "search_index", "scripts") for path in (ROOT / folder).rglob("*.py")
)
# Keys Flask, its extensions or the test client own and the portal only passes through.
FRAMEWORK_KEYS = {"TESTING", "WTF_CSRF_ENABLED"}


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_no_module_reads_the_environment_but_settings():
    readers = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(_source(path))):
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv") and isinstance(node.value, ast.Name) and node.value.id == "os":
                readers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert readers == []


def test_every_variable_read_through_settings_is_declared():
    names = set()
    for path in SOURCES:
        names.update(re.findall(r"settings\.(?:value|setting)\(\"([A-Z0-9_]+)\"\)", _source(path)))
    assert len(names) >= 30  # the scan is real (the channel variables are read in a loop, by key)
    assert sorted(names - set(settings.BY_NAME)) == []
    # …and every declared variable is read somewhere (a stale entry would document nothing).
    variables = {s.name for s in settings.SETTINGS if s.scope in ("app", "server")}
    channel_keys = set(re.findall(r"\"([A-Z_]+)\"", _source(ROOT / "portal" / "channels" / "config.py")))
    assert sorted(variables - names - channel_keys) == []


def test_every_app_config_key_the_code_reads_is_declared():
    pattern = re.compile(r"(?:config|cfg)(?:\.get|\.setdefault)?[\[(]\s*[\"']([A-Z][A-Z0-9_]+)[\"']")
    keys = set()
    for path in SOURCES:
        keys.update(pattern.findall(_source(path)))
    keys.update(re.findall(r"^\s+([A-Z][A-Z_]+)=settings\.", _source(ROOT / "app.py"), re.M))  # app.config.update(KEY=…)
    assert {"DATA_DIR", "STAFF_SESSION_IDLE", "CHANNELS_HTTP_TIMEOUT", "TELEGRAM_API_BASE"} <= keys  # the scan finds them
    assert sorted(keys - set(settings.CONFIG_KEYS) - FRAMEWORK_KEYS) == []


def test_defaults_and_types_when_unset_and_when_set():
    assert settings.value("PORTAL_DB_POOL_MAX", {}) == 8
    assert settings.value("PORTAL_DB_POOL_MAX", {"PORTAL_DB_POOL_MAX": " 4 "}) == 4
    assert settings.value("PORTAL_DB_POOL_MAX", {"PORTAL_DB_POOL_MAX": ""}) == 8  # empty: the default
    assert settings.value("PORTAL_DEMO", {}) is True and settings.value("PORTAL_DEMO", {"PORTAL_DEMO": "0"}) is False
    assert settings.value("PORTAL_CHANNELS", {"PORTAL_CHANNELS": "Telegram, whatsapp"}) == ("telegram", "whatsapp")
    assert settings.value("DATABASE_URL", {}) is None
    assert settings.value("PORTAL_REGISTRY_SYNC_SECONDS", {"PORTAL_REGISTRY_SYNC_SECONDS": "0.5"}) == 0.5
    assert settings.value("WEB_CONCURRENCY", {}) >= 3  # 2 × cores + 1
    with pytest.raises(KeyError, match="não declarada"):
        settings.value("PORTAL_NO_SUCH_THING", {})


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("PORTAL_DB_POOL_MAX", "eight", "não é um número inteiro"),
        ("PORTAL_DB_POOL_MAX", "0", "o mínimo é 1"),
        ("PORTAL_DB_CONNECT_TIMEOUT", "1", "o mínimo é 2"),
        ("PORTAL_DEMO", "true", "use 1 (ligado) ou 0"),
        ("PORTAL_BASE_URL", "portal.example", "http:// ou https://"),
        ("DATABASE_URL", "mysql://db/x", "postgresql://"),
        ("RATELIMIT_STORAGE_URI", "redis-host:6379", "esquema://"),
        ("PORTAL_CHANNELS", "telegram,sms", "'sms' não é um de whatsapp, telegram"),
        ("PORTAL_LOG_LEVEL", "loud", "'loud' não é um de debug"),
        ("PORTAL_BIND", "8000", "endereço:porta"),
        ("PORTAL_REGISTRY_SYNC_SECONDS", "30s", "não é um número"),
    ],
)
def test_a_bad_value_is_refused_naming_the_variable(name, text, message):
    with pytest.raises(settings.SettingsError) as error:
        settings.validate({name: text})
    assert f"{name}={text!r}" in str(error.value) and message in str(error.value)


def test_validate_names_every_bad_variable_at_once():
    with pytest.raises(settings.SettingsError) as error:
        settings.validate({"PORTAL_DB_POOL_MAX": "x", "PORTAL_TIMEOUT": "y", "PORTAL_DEMO": "1"})
    text = str(error.value)
    assert "PORTAL_DB_POOL_MAX='x'" in text and "PORTAL_TIMEOUT='y'" in text and "PORTAL_DEMO" not in text


def test_create_app_refuses_a_bad_variable_before_building_anything(tmp_path, monkeypatch, index_dir):
    monkeypatch.setenv("PORTAL_STAFF_IDLE_MINUTES", "half an hour")
    with pytest.raises(settings.SettingsError, match="PORTAL_STAFF_IDLE_MINUTES='half an hour'"):
        create_app({"DATA_DIR": str(tmp_path / "data"), "INDEX_DIR": str(index_dir), "TESTING": True})
    assert not (tmp_path / "data").exists()  # refused before the data dir was made


def test_create_app_refuses_a_config_key_of_the_wrong_type(tmp_path, index_dir):
    with pytest.raises(settings.SettingsError, match="ASSISTANT_CPU_SECONDS='2': esperado número"):
        create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "ASSISTANT_CPU_SECONDS": "2"})
    with pytest.raises(settings.SettingsError, match="COMPRESS_MIN_SIZE=-1: o mínimo é 0"):
        create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "COMPRESS_MIN_SIZE": -1})
    with pytest.raises(settings.SettingsError, match="CONVERSATION_TTL=7200: esperado duração"):
        create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "CONVERSATION_TTL": 7200})
    # What the evaluations pass is accepted: no CPU limit (0), a two-hour conversation.
    settings.check_config({"ASSISTANT_CPU_SECONDS": 0, "CONVERSATION_TTL": timedelta(hours=2), "COMPRESS_REGISTER": False})


def test_defaults_the_table_prints_for_other_modules_constants_are_those_constants():
    from portal.assistant_service import CPU_SECONDS
    from portal.page_cache import DEFAULT_MAX_BYTES
    from portal.storage.conversations import TTL

    assert settings.setting("ASSISTANT_CPU_SECONDS").shown.startswith(f"{CPU_SECONDS:g} (")
    assert settings.setting("CONVERSATION_TTL").shown.startswith(f"{TTL.total_seconds() / 3600:g} h (")
    assert settings.setting("PORTAL_PAGE_CACHE_MB").default * 2**20 == DEFAULT_MAX_BYTES


def test_variables_reach_the_app_config_through_settings(tmp_path, monkeypatch, index_dir):
    monkeypatch.setenv("PORTAL_STAFF_IDLE_MINUTES", "12")
    monkeypatch.setenv("PORTAL_REGISTRY_MAX_MB", "3")
    monkeypatch.setenv("PORTAL_BASE_URL", "https://portal.example")
    monkeypatch.setenv("PORTAL_SECURE_COOKIES", "1")
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    assert app.config["STAFF_SESSION_IDLE"] == timedelta(minutes=12)
    assert app.config["REGISTRY_MAX_UPLOAD"] == 3 * 1024 * 1024
    assert app.config["PORTAL_BASE_URL"] == "https://portal.example"
    assert app.config["SESSION_COOKIE_SECURE"] is True
    # A key passed to create_app still wins over the variable (tests, tools).
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "STAFF_SESSION_IDLE": timedelta(minutes=1)})
    assert app.config["STAFF_SESSION_IDLE"] == timedelta(minutes=1)


def test_gunicorn_config_reads_and_validates_its_variables():
    script = "import runpy; c = runpy.run_path('gunicorn.conf.py'); print(c['bind'], c['workers'], c['timeout'], c['loglevel'])"
    env = {"PATH": "/usr/bin:/bin", "PORTAL_BIND": "127.0.0.1:8451", "WEB_CONCURRENCY": "3", "PORTAL_LOG_LEVEL": "warning"}
    good = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert good.returncode == 0, good.stderr
    assert good.stdout.split() == ["127.0.0.1:8451", "3", "30", "warning"]
    bad = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env={**env, "PORTAL_TIMEOUT": "soon"}, capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "PORTAL_TIMEOUT='soon': não é um número inteiro" in bad.stderr


def test_every_setting_has_a_known_type_scope_and_help():
    for item in settings.SETTINGS:
        assert item.type in settings.PARSERS and item.scope in settings.SCOPES, item.name
        assert len(item.help) > 15 and item.help[0].isupper(), item.name
        if item.scope in ("app", "server") and item.default is not None and not callable(item.default):
            text = item.default_text()
            if item.shown is None and text != "—":
                assert item.parse(text) == item.default, item.name  # the printed default reads back as itself


def test_flask_settings_prints_the_values_in_effect_and_masks_secrets(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PORTAL_DATA_DIR": str(tmp_path), "PORTAL_SECRET_KEY": "s3cr3t-value", "PORTAL_DB_POOL_MAX": "5", "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "settings"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()[1:]}
    assert rows["PORTAL_DB_POOL_MAX"][:2] == ["5", "8"]
    assert rows["PORTAL_SECRET_KEY"][0] == "(definido)" and "s3cr3t-value" not in result.stdout
    assert rows["PORTAL_TIMEOUT"][0] == "(padrão)"
    assert set(rows) == {s.name for s in settings.SETTINGS if s.scope in ("app", "server")}


def test_the_readme_lists_the_table_generated_from_settings():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("-->", readme.index(settings.README_START)) + len("-->")
    end = readme.index(settings.README_END)
    # After a change to settings.py: python -c 'import settings; settings.write_readme()'
    assert readme[start:end].strip() == settings.markdown().strip()
    for item in settings.SETTINGS:
        assert f"| `{item.name}` |" in readme
