"""Every setting of the portal, declared once: name, default, type and what it is for.

The portal is configured by environment variables (a deployment, CI) and by
``app.config`` keys (tests and tools pass them to ``create_app(config)``).  Both used
to be read where they were needed — 28 variables and 37 keys in a dozen modules, each
with its own default and its own way of parsing ``"1"`` — so nothing listed them, and a
typo (``PORTAL_DB_POOL_MAX=eight``) surfaced as a 500 on the first request that opened
the database.  Here each one is a :class:`Setting`:

- ``value("PORTAL_DB_POOL_MAX")`` is how a module reads an environment variable: parsed
  to its type, its declared default when unset (or empty);
- ``validate()`` parses every variable at once and raises :class:`SettingsError` naming
  each bad one; ``create_app`` and ``gunicorn.conf.py`` call it before anything starts,
  and ``check_config`` does the same for the ``app.config`` keys a test or tool passed;
- ``flask settings`` prints the table with the values in effect (secrets masked), and
  the README's "Configuração" section is :func:`markdown` (a test keeps it in step).

This module imports only the standard library: ``gunicorn.conf.py``, ``search_index/``
and ``portal/`` all read it, and none of them may pull the others in through it.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Callable, Mapping

PROJECT_ROOT = Path(__file__).resolve().parent

# Where a setting is read.  "app": by create_app and the portal's modules (feeds the
# app.config key, when it names one); "server": by gunicorn.conf.py only; "config": an
# app.config key with no variable (tests and tools pass it to create_app); "derived": a key
# the portal sets itself at start from the others — listed so the table is complete, not
# meant to be passed.
SCOPES = ("app", "server", "config", "derived")


class SettingsError(ValueError):
    """One or more settings have a value the portal cannot use (the message names each one)."""


@dataclass(frozen=True)
class Setting:
    name: str  # the environment variable, or the app.config key for a "config"/"derived" setting
    type: str  # a key of PARSERS: how the variable's text becomes a value
    default: Any  # the value when unset; a callable is called (a default that depends on the machine)
    help: str  # pt_BR: what it does, for the README and `flask settings`
    scope: str = "app"
    key: str | None = None  # the app.config key the variable feeds, when it feeds one
    shown: str | None = None  # how the default is printed when it is not a plain value
    secret: bool = False  # never printed
    minimum: float | None = None
    choices: tuple[str, ...] = ()

    def default_value(self) -> Any:
        return self.default() if callable(self.default) else self.default

    def default_text(self) -> str:
        if self.shown is not None:
            return self.shown
        value = self.default_value()
        if value is None or value == "" or value == ():
            return "—"
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, (tuple, list)):
            return ",".join(map(str, value))
        return str(value)

    def parse(self, text: str) -> Any:
        """The variable's text as a value of this setting's type; ``SettingsError`` if it is not one."""
        try:
            value = PARSERS[self.type](text)
        except (TypeError, ValueError) as error:
            raise SettingsError(f"{self.name}={text!r}: {error}") from None
        if self.minimum is not None and value < self.minimum:
            raise SettingsError(f"{self.name}={text!r}: o mínimo é {self.minimum:g}")
        if self.choices:
            items = value if isinstance(value, tuple) else (value,)
            wrong = [item for item in items if item not in self.choices]
            if wrong:
                raise SettingsError(f"{self.name}={text!r}: {wrong[0]!r} não é um de {', '.join(self.choices)}")
        return value


def _int(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError("não é um número inteiro") from None


def _float(text: str) -> float:
    try:
        return float(text.strip())
    except ValueError:
        raise ValueError("não é um número") from None


def _flag(text: str) -> bool:
    if text.strip() not in ("0", "1"):
        raise ValueError("use 1 (ligado) ou 0 (desligado)")
    return text.strip() == "1"


def _url(text: str) -> str:
    scheme, sep, rest = text.strip().partition("://")
    if not sep or not scheme or not rest and scheme not in ("memory",):
        raise ValueError("não é um endereço esquema://…")
    return text.strip()


def _http_url(text: str) -> str:
    if not text.strip().startswith(("http://", "https://")):
        raise ValueError("não começa com http:// ou https://")
    return _url(text)


def _database_url(text: str) -> str:
    if not text.strip().startswith(("postgresql://", "postgres://")):
        raise ValueError("não é um endereço postgresql://…")
    return _url(text)


def _bind(text: str) -> str:
    host, sep, port = text.strip().rpartition(":")
    if text.startswith("unix:"):
        return text.strip()
    if not sep or not host or not port.isdigit():
        raise ValueError("use endereço:porta (127.0.0.1:8000) ou unix:/caminho")
    return text.strip()


def _names(text: str) -> tuple[str, ...]:
    return tuple(part.strip().lower() for part in text.split(",") if part.strip())


PARSERS: dict[str, Callable[[str], Any]] = {
    "texto": lambda text: text,
    "segredo": lambda text: text,
    "caminho": lambda text: text.strip(),
    "inteiro": _int,
    "número": _float,
    "0/1": _flag,
    "url": _url,
    "url http": _http_url,
    "url postgresql": _database_url,
    "endereço:porta": _bind,
    "lista": _names,
    "escolha": lambda text: text.strip().lower(),
    "duração": lambda text: timedelta(seconds=_float(text)),  # config keys only: a timedelta
}


def _workers() -> int:
    return min(multiprocessing.cpu_count() * 2 + 1, 9)


def _setting_list() -> tuple[Setting, ...]:
    S = Setting
    return (
        # -- the application ------------------------------------------------------------
        S("PORTAL_DATA_DIR", "caminho", lambda: str(PROJECT_ROOT / "var"), "Pasta de dados: banco SQLite, índice de busca, chave secreta, pacotes de dados abertos.", key="DATA_DIR", shown="./var"),
        S("PORTAL_SECRET_KEY", "segredo", None, "Chave que assina sessões e formulários. Sem ela, uma é gerada e guardada na pasta de dados; com vários nós, a mesma em todos.", key="SECRET_KEY", secret=True, shown="gerada na pasta de dados"),
        S("PORTAL_DEMO", "0/1", True, "Marca a instalação como demonstração (app.config DEMO_MODE); hoje nenhum módulo muda de comportamento com ela. 0 em produção.", key="DEMO_MODE"),
        S("PORTAL_BASE_URL", "url http", "http://127.0.0.1:8000", "Endereço público do portal: QR codes, links em mensagens e redirecionamentos nascem dele, nunca do cabeçalho Host.", key="PORTAL_BASE_URL"),
        S("PORTAL_OPEN_DATA_LICENSE", "texto", "CC-BY-4.0", "Licença (SPDX) dos dados abertos: CC-BY-4.0, CC0-1.0, ODbL-1.0 ou ODC-By-1.0 (knowledge/open_data.py).", key="OPEN_DATA_LICENSE"),
        S("PORTAL_REGISTRY_MAX_MB", "inteiro", 200, "Tamanho máximo, em MB, do arquivo do cadastro enviado pela administração.", key="REGISTRY_MAX_UPLOAD", minimum=1),
        S("PORTAL_PAGE_CACHE_MB", "inteiro", 4, "Memória, em MB por processo, do cache de páginas prontas; 0 desliga.", key="PAGE_CACHE_MAX_BYTES", minimum=0),
        S("PORTAL_RENDER_CACHE_KB", "inteiro", 2048, "Memória, em KB por processo, do cache de trechos renderizados; 0 desliga.", key="RENDER_CACHE_MAX_BYTES", minimum=0),
        S("PORTAL_HEAVY_SLOTS", "inteiro", lambda: max(1, (os.cpu_count() or 2) - 1), "Quantos trabalhos pesados (assistente, relato) a máquina faz ao mesmo tempo; os demais recebem 503.", key="PORTAL_HEAVY_SLOTS", shown="núcleos − 1", minimum=1),
        S("PORTAL_RUN_DIR", "caminho", None, "Pasta das travas dos trabalhos pesados (fora da pasta de dados, que pode ser só leitura).", key="PORTAL_RUN_DIR", shown="pasta temporária por instalação"),
        S("PORTAL_WORDLIST", "caminho", "/usr/share/dict/brazilian", "Lista de palavras do corretor da busca (\"você quis dizer\")."),
        # -- database ------------------------------------------------------------------
        S("DATABASE_URL", "url postgresql", None, "Banco PostgreSQL compartilhado por vários nós; sem ele, SQLite na pasta de dados.", key="DATABASE_URL", secret=True, shown="SQLite local"),
        S("PORTAL_READONLY", "0/1", False, "Banco aberto só para leitura (manutenção): consultas seguem, gravações respondem 503.", key="DATABASE_READONLY"),
        S("PORTAL_REGISTRY_SYNC_SECONDS", "número", 30.0, "Com PostgreSQL: de quantos em quantos segundos cada nó confere se o cadastro mudou.", key="REGISTRY_SYNC_SECONDS", minimum=0),
        S("PORTAL_DB_POOL_MAX", "inteiro", 8, "Com PostgreSQL: conexões abertas no máximo por processo.", minimum=1),
        S("PORTAL_DB_POOL_TIMEOUT", "número", 1.0, "Com PostgreSQL: segundos de espera por uma conexão livre antes de responder 503.", minimum=0),
        S("PORTAL_DB_CONNECT_TIMEOUT", "inteiro", 2, "Com PostgreSQL: segundos para abrir uma conexão (o mínimo da libpq é 2).", minimum=2),
        S("PORTAL_DB_RETRY_SECONDS", "número", 2.0, "Com PostgreSQL: depois de uma falha, segundos até tentar o banco de novo.", minimum=0),
        # -- security ------------------------------------------------------------------
        S("PORTAL_BEHIND_PROXY", "0/1", False, "Atrás de um proxy reverso: confia em X-Forwarded-For e X-Forwarded-Proto (um salto).", key="BEHIND_PROXY"),
        S("PORTAL_SECURE_COOKIES", "0/1", False, "Cookies só por HTTPS (ligue em produção).", key="SESSION_COOKIE_SECURE"),
        S("PORTAL_STAFF_IDLE_MINUTES", "inteiro", 30, "Minutos sem uso que encerram a sessão da equipe.", key="STAFF_SESSION_IDLE", minimum=1),
        S("PORTAL_STAFF_SESSION_HOURS", "inteiro", 8, "Horas depois do login que encerram a sessão da equipe.", key="STAFF_SESSION_ABSOLUTE", minimum=1),
        S("RATELIMIT_STORAGE_URI", "url", None, "Onde os limites de requisições são contados: redis://… com vários nós; sem ela, um arquivo SQLite na pasta de dados.", key="RATELIMIT_STORAGE_URI", shown="sqlite:// na pasta de dados"),
        S("PORTAL_RATELIMIT", "0/1", True, "Limites de requisições por endereço (desligados nos testes, salvo quando um teste os pede).", key="RATELIMIT_ENABLED"),
        # -- channels (WhatsApp, Telegram) ---------------------------------------------
        S("PORTAL_CHANNELS", "lista", (), "Canais ligados, separados por vírgula: whatsapp, telegram. Sem ela, nenhum.", key="CHANNELS", choices=("whatsapp", "telegram")),
        S("WHATSAPP_APP_SECRET", "segredo", None, "WhatsApp: segredo do app, confere a assinatura de cada webhook.", key="WHATSAPP_APP_SECRET", secret=True),
        S("WHATSAPP_VERIFY_TOKEN", "segredo", None, "WhatsApp: token da verificação do webhook.", key="WHATSAPP_VERIFY_TOKEN", secret=True),
        S("WHATSAPP_ACCESS_TOKEN", "segredo", None, "WhatsApp: token de acesso à API de envio.", key="WHATSAPP_ACCESS_TOKEN", secret=True),
        S("WHATSAPP_PHONE_NUMBER_ID", "texto", None, "WhatsApp: id do número que envia.", key="WHATSAPP_PHONE_NUMBER_ID"),
        S("WHATSAPP_API_BASE", "url http", "https://graph.facebook.com/v21.0", "WhatsApp: endereço da API.", key="WHATSAPP_API_BASE"),
        S("TELEGRAM_BOT_TOKEN", "segredo", None, "Telegram: token do bot.", key="TELEGRAM_BOT_TOKEN", secret=True),
        S("TELEGRAM_WEBHOOK_SECRET", "segredo", None, "Telegram: segredo conferido em cada webhook.", key="TELEGRAM_WEBHOOK_SECRET", secret=True),
        S("TELEGRAM_API_BASE", "url http", "https://api.telegram.org", "Telegram: endereço da API.", key="TELEGRAM_API_BASE"),
        S("CHANNELS_QUEUE_URL", "texto", "", "Fila das mensagens dos canais: redis://… com vários nós; vazia, um arquivo SQLite na pasta de dados (ou DATABASE_URL, se houver).", key="CHANNELS_QUEUE_URL", shown="SQLite local"),
        S("CHANNELS_RETENTION_DAYS", "inteiro", 30, "Dias que as conversas dos canais ficam guardadas.", key="CHANNELS_RETENTION_DAYS", minimum=1),
        S("CHANNELS_WORKERS", "inteiro", 2, "Threads do worker dos canais.", key="CHANNELS_WORKERS", minimum=1),
        S("CHANNELS_LOCK_SECONDS", "número", 60.0, "Segundos que um worker segura uma conversa antes que outro a assuma.", key="CHANNELS_LOCK_SECONDS", minimum=1),
        S("CHANNELS_RETRY_SECONDS", "número", 2.0, "Primeira espera antes de reenviar uma mensagem que falhou (dobra a cada tentativa).", key="CHANNELS_RETRY_SECONDS", minimum=0),
        S("CHANNELS_RETRY_MAX", "número", 300.0, "Espera máxima, em segundos, entre duas tentativas de envio.", key="CHANNELS_RETRY_MAX", minimum=0),
        S("CHANNELS_MAX_ATTEMPTS", "inteiro", 8, "Tentativas de envio antes de desistir de uma mensagem.", key="CHANNELS_MAX_ATTEMPTS", minimum=1),
        S("CHANNELS_HTTP_TIMEOUT", "número", 10.0, "Segundos de espera por uma resposta da API do canal.", key="CHANNELS_HTTP_TIMEOUT", minimum=0.1),
        # -- the server (gunicorn.conf.py) ---------------------------------------------
        S("PORTAL_BIND", "endereço:porta", "127.0.0.1:8000", "Endereço em que o gunicorn escuta.", scope="server"),
        S("WEB_CONCURRENCY", "inteiro", _workers, "Processos do gunicorn.", scope="server", shown="2 × núcleos + 1, até 9", minimum=1),
        S("PORTAL_TIMEOUT", "inteiro", 30, "Segundos que uma requisição pode levar antes que o gunicorn reinicie o processo.", scope="server", minimum=1),
        S("PORTAL_MAX_REQUESTS", "inteiro", 50000, "Requisições depois das quais um processo é trocado por outro (0: nunca).", scope="server", minimum=0),
        S("PORTAL_LOG_LEVEL", "escolha", "info", "Nível do log do gunicorn.", scope="server", choices=("debug", "info", "warning", "error", "critical")),
        S("FORWARDED_ALLOW_IPS", "texto", "127.0.0.1", "Endereços do proxy de que o gunicorn aceita X-Forwarded-*.", scope="server"),
        S("PORTAL_WARMUP", "0/1", True, "Cada processo se aquece (leis carregadas, páginas compiladas) antes de aceitar conexões.", scope="server"),
        S("PORTAL_READY_LINE", "texto", None, "Linha escrita no terminal uma vez, quando o primeiro processo terminou de se aquecer e passa a atender (o make run dá assim o endereço do portal).", scope="server", shown="nenhuma"),
        # -- app.config keys without a variable (tests and tools pass them) -------------
        S("INDEX_DIR", "caminho", None, "Pasta do índice de busca.", scope="config", shown="<pasta de dados>/index"),
        S("DATABASE", "caminho", None, "Arquivo SQLite do cadastro.", scope="config", shown="<pasta de dados>/portal.db"),
        S("MAX_CONTENT_LENGTH", "inteiro", 64 * 1024, "Tamanho máximo, em bytes, do corpo de uma requisição comum (envios de arquivo têm o seu).", scope="config", minimum=1),
        S("UFIRAC_BRL", "número", None, "Valor da UFIRAC em reais, para as multas do Acre em R$ (sem ele, em UFIRAC).", scope="config", minimum=0),
        S("CONVERSATION_TTL", "duração", None, "Quanto tempo (um timedelta) uma conversa do assistente fica guardada sem uso.", scope="config", shown="2 h (portal/storage/conversations.py)"),
        S("ASSISTANT_CPU_SECONDS", "número", None, "Segundos de CPU que uma resposta do assistente pode gastar (depois, 422); 0: sem limite (avaliações).", scope="config", shown="4 (portal/assistant_service.py)", minimum=0),
        S("SUGGESTION_SECONDS", "número", None, "Segundos no relógio que a sugestão de infração da denúncia pode levar (depois, a página responde sem ela, dizendo isso); 0: sem limite.", scope="config", shown="8 (portal/passenger.py)", minimum=0),
        S("SECRET_KEY_FALLBACKS", "lista", (), "Chaves antigas ainda aceitas ao trocar PORTAL_SECRET_KEY.", scope="config"),
        S("SESSION_COOKIE_SAMESITE", "texto", "Lax", "SameSite do cookie de sessão.", scope="config"),
        S("COMPRESS_ALGORITHM", "lista", ("br", "gzip"), "Compressões oferecidas (flask-compress).", scope="config"),
        S("COMPRESS_MIN_SIZE", "inteiro", 1024, "Respostas menores que isto (bytes) vão sem compressão.", scope="config", minimum=0),
        S("COMPRESS_REGISTER", "0/1", True, "Compressão das respostas ligada.", scope="config"),
        S("COMPRESS_LEVEL", "inteiro", 6, "Nível de compressão do gzip (0 a 9).", scope="config", minimum=0),
        S("COMPRESS_BR_LEVEL", "inteiro", 4, "Nível de compressão do brotli (0 a 11).", scope="config", minimum=0),
        S("RATELIMIT_STRATEGY", "texto", "fixed-window", "Estratégia dos limites (flask-limiter).", scope="config"),
        S("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", "0/1", True, "Se o armazenamento dos limites falha, cada processo conta sozinho em vez de responder 500.", scope="config"),
        S("RATELIMIT_STORAGE_OPTIONS", "texto", None, "Opções do armazenamento dos limites (com Redis: tempos de espera curtos).", scope="config", shown="tempos curtos com Redis"),
        S("BABEL_DEFAULT_LOCALE", "texto", "pt_BR", "Idioma de partida.", scope="config"),
        S("BABEL_TRANSLATION_DIRECTORIES", "caminho", None, "Pasta dos catálogos de tradução.", scope="config", shown="portal/translations"),
        S("WTF_CSRF_METHODS", "lista", ("POST", "PUT", "PATCH", "DELETE"), "Métodos que exigem o token CSRF (flask-wtf).", scope="config"),
        # -- derived at start (not meant to be passed) -----------------------------------
        S("SESSION_COOKIE_HTTPONLY", "0/1", True, "Sempre ligado: o cookie de sessão não é legível por scripts.", scope="derived"),
        S("PERMANENT_SESSION_LIFETIME", "duração", None, "Igual a STAFF_SESSION_ABSOLUTE.", scope="derived", shown="PORTAL_STAFF_SESSION_HOURS"),
        S("SESSION_REFRESH_EACH_REQUEST", "0/1", False, "Sempre desligado: o cookie não é reemitido a cada requisição.", scope="derived"),
        S("DATABASE_READONLY_DETECTED", "0/1", False, "Ligado quando o banco não pode ser escrito (o nó passa a só leitura e /saude o diz).", scope="derived"),
        S("PORTAL_RATELIMIT_ON", "0/1", True, "O valor de RATELIMIT_ENABLED lido por requisição (o limitador é comum a todos os apps do processo).", scope="derived"),
    )


SETTINGS: tuple[Setting, ...] = _setting_list()
BY_NAME: dict[str, Setting] = {setting.name: setting for setting in SETTINGS}
assert len(BY_NAME) == len(SETTINGS), "a setting declared twice"
# Every app.config key the table knows: a variable's key, or a config/derived setting's own name.
CONFIG_KEYS: dict[str, Setting] = {
    **{s.key: s for s in SETTINGS if s.key},
    **{s.name: s for s in SETTINGS if s.scope in ("config", "derived")},
}


def setting(name: str) -> Setting:
    try:
        return BY_NAME[name]
    except KeyError:
        raise KeyError(f"configuração não declarada em settings.py: {name!r}") from None


def value(name: str, environ: Mapping[str, str] | None = None) -> Any:
    """The environment variable ``name`` parsed to its type; its default when unset or empty.

    Raises :class:`SettingsError` for a value of the wrong type (``create_app`` has already
    refused to start with one, so a module reading it later never meets it).
    """
    item = setting(name)
    if item.scope in ("config", "derived"):
        raise KeyError(f"{name} é uma chave de app.config, não uma variável de ambiente")
    text = (os.environ if environ is None else environ).get(name)
    if text is None or text.strip() == "":
        return item.default_value()
    return item.parse(text)


def validate(environ: Mapping[str, str] | None = None, scopes: tuple[str, ...] = ("app", "server")) -> dict[str, Any]:
    """Parse every variable of ``scopes``; raise one :class:`SettingsError` naming every bad value."""
    errors, values = [], {}
    for item in SETTINGS:
        if item.scope in scopes:
            try:
                values[item.name] = value(item.name, environ)
            except SettingsError as error:
                errors.append(str(error))
    if errors:
        raise SettingsError("configuração inválida:\n  " + "\n  ".join(errors))
    return values


_CONFIG_TYPES: dict[str, tuple[type, ...]] = {"inteiro": (int,), "número": (int, float), "0/1": (bool, int), "duração": (timedelta,)}


def check_config(config: Mapping[str, Any]) -> None:
    """The numeric and on/off keys without a variable that a caller passed to
    ``create_app(config)`` have that type (a string "8" where a number goes would fail only
    on the request that used it).  Keys fed by a variable are checked through the variable."""
    errors = []
    for item in SETTINGS:
        wanted = _CONFIG_TYPES.get(item.type)
        given = config.get(item.name)
        if item.scope != "config" or wanted is None or given is None:
            continue
        if isinstance(given, bool) and item.type != "0/1" or not isinstance(given, wanted):
            errors.append(f"{item.name}={given!r}: esperado {item.type}")
        elif item.minimum is not None and not isinstance(given, bool) and given < item.minimum:
            errors.append(f"{item.name}={given!r}: o mínimo é {item.minimum:g}")
    if errors:
        raise SettingsError("configuração inválida:\n  " + "\n  ".join(errors))


# -- the table, printed ---------------------------------------------------------------

_SCOPE_TITLES = {
    "app": "Variáveis de ambiente do portal",
    "server": "Variáveis de ambiente do servidor (gunicorn.conf.py)",
    "config": "Chaves de app.config sem variável (testes e ferramentas: `create_app({...})`)",
    "derived": "Chaves que o portal define na partida (não se passam)",
}


def markdown() -> str:
    """The README's table of settings (``tests/test_settings.py`` checks that the README holds it)."""
    lines: list[str] = []
    for scope in SCOPES:
        lines += [f"**{_SCOPE_TITLES[scope]}**", ""]
        lines += ["| Nome | Chave em app.config | Padrão | Tipo | Para quê |", "|---|---|---|---|---|"]
        for item in SETTINGS:
            if item.scope == scope:
                key = f"`{item.key}`" if item.key else "—"
                cells = [f"`{item.name}`", key, item.default_text().replace("|", "\\|"), item.type, item.help.replace("|", "\\|")]
                lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def report(environ: Mapping[str, str] | None = None) -> list[tuple[str, str, str, str]]:
    """(name, value in effect, default, type) of every variable, secrets masked — for ``flask settings``."""
    environ = os.environ if environ is None else environ
    rows = []
    for item in SETTINGS:
        if item.scope not in ("app", "server"):
            continue
        text = environ.get(item.name)
        if text is None or text.strip() == "":
            shown = "(padrão)"
        elif item.secret:
            shown = "(definido)"
        else:
            shown = text
        rows.append((item.name, shown, item.default_text(), item.type))
    return rows


README_START, README_END = "<!-- settings:start", "<!-- settings:end -->"


def write_readme(path: Path = PROJECT_ROOT / "README.md") -> None:
    """Put :func:`markdown` between the README's settings markers (``python -c 'import settings; settings.write_readme()'``)."""
    text = path.read_text(encoding="utf-8")
    start = text.index("-->", text.index(README_START)) + len("-->")
    end = text.index(README_END)
    path.write_text(text[:start] + "\n\n" + markdown() + "\n" + text[end:], encoding="utf-8")
