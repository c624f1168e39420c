"""Command-line tasks: ``flask --app app index build|status``, ``registry import|demo|status|sync``,
``staff create``, ``backup``, ``purge``.  Long ones show progress (``portal.progress``)."""

from __future__ import annotations

import sys

import click
from flask import Flask, current_app
from flask.cli import AppGroup

from knowledge.corpus import all_laws
from search_index import IndexCorrupt, IndexMissing, SearchIndex, build_index
from search_index.stamp import is_current, source_fingerprint

from .progress import StageProgress, megabytes, number


def init_app(app: Flask) -> None:
    index = AppGroup("index", help="Índice de busca das leis.")

    @index.command("build", help="(Re)constrói o índice de busca no diretório de dados.")
    @click.option("--if-stale", "if_stale", is_flag=True, help="Só reconstrói se as leis ou o código do índice mudaram (ou se não houver índice).")
    @click.option("--resumo", "summary_only", is_flag=True, help="Só a linha final, sem uma linha por etapa (o make run: a construção leva 2 s).")
    def build(if_stale: bool, summary_only: bool) -> None:
        path = current_app.config["INDEX_DIR"]
        source = source_fingerprint()
        if if_stale and is_current(path, source):
            click.echo(f"Índice em {path} em dia com as leis e o código ({source}); nada a reconstruir.")
            return
        try:
            stats = build_index(path, all_laws(), source=source, progress=None if summary_only else index_progress())
        except Exception as exc:  # report, never a traceback
            click.echo(f"Erro ao construir o índice: {exc}", err=True)
            sys.exit(1)
        current_app.extensions["search"].reset()
        click.echo(f"Índice construído em {stats.path}: {number(stats.documents)} documentos em {number(stats.seconds, 1)} s.")

    @index.command("status", help="Diz se o índice existe e está legível.")
    def status() -> None:
        path = current_app.config["INDEX_DIR"]
        try:
            info = SearchIndex.open(path).check()
        except (IndexMissing, IndexCorrupt) as exc:
            click.echo(f"Índice indisponível: {exc}", err=True)
            sys.exit(1)
        click.echo(f"Índice em {path}: {info['documents']} documentos, construído em {info['built_at']}.")

    app.cli.add_command(index)
    init_registry_cli(app)


def describe_index_stage(stage) -> str:
    """The line an index build stage ends with (search_index.build.BuildStage), on a terminal and in CI alike."""
    done = {"documentos": "dispositivos e redações anteriores reunidos", "análise": "documentos analisados",
            "gravação": "documentos gravados"}.get(stage.name, "documentos")
    return f"{stage.name}: {number(stage.documents)} {done} ({number(stage.seconds, 1)} s)"


def index_progress(file=None, tty: bool | None = None) -> StageProgress:
    """A bar per stage of the index build on a terminal, a plain line per stage elsewhere (CI), on stderr."""
    return StageProgress(describe_index_stage, file=file, tty=tty)


def describe_import_stage(stage) -> str:
    """The line a registry import stage ends with (on a terminal and in CI alike)."""
    if stage.name == "gravação":
        return f"gravação: linhas gravadas: {number(stage.read)} ({number(stage.seconds, 1)} s)"
    if stage.name == "índices":
        return f"índices: criados e cadastro trocado de uma vez ({number(stage.seconds, 1)} s)"
    received = f" ({megabytes(stage.received)})" if stage.received is not None else ""
    return (f"{stage.name}{received}: linhas lidas: {number(stage.read)}, aceitas: {number(stage.accepted)}, "
            f"rejeitadas: {number(stage.rejected)} ({number(stage.seconds, 1)} s)")


def import_progress(file=None, tty: bool | None = None) -> StageProgress:
    """A bar per stage on a terminal, a plain line per stage elsewhere (CI), on stderr."""
    return StageProgress(describe_import_stage, file=file, tty=tty, units={"operadoras": "bytes", "veículos": "bytes"})


def init_registry_cli(app: Flask) -> None:
    from . import opendata
    from .database import close_store, db_path, open_store, publish_registry, sync_registry
    from .storage import sessions as sessions_store
    from .storage import staff as staff_store
    from .storage.db import connect
    from .storage.demo import as_files
    from .storage.registry import registry_info
    from .storage.registry_import import ImportFileError, import_registry

    registry = AppGroup("registry", help="Cadastro de operadoras e veículos.")

    @registry.command("import", help="Importa o cadastro (CSV) e substitui o atual de uma vez.")
    @click.option("--operators", "operators", type=click.File("rb"), required=True, help="CSV de operadoras")
    @click.option("--vehicles", "vehicles", type=click.File("rb"), required=True, help="CSV de veículos")
    @click.option("--strict", is_flag=True, help="Não importa nada se alguma linha for rejeitada.")
    def import_command(operators, vehicles, strict: bool) -> None:
        db = connect(db_path())
        try:
            report = import_registry(db, operators, vehicles, strict=strict, progress=import_progress())
            published = publish_registry(current_app, db) if report.replaced else None
            if report.replaced:
                opendata.publish_after_import(db)  # the open-data package follows every import
        except ImportFileError as exc:
            click.echo(f"Erro: {exc}", err=True)
            sys.exit(1)
        finally:
            db.conn.close()
        if published:
            click.echo(f"Publicado para os outros nós (versão {published.id}).")
        for rejected in report.rejected:
            click.echo(f"{rejected.file}, linha {rejected.line}: {rejected.reason}", err=True)
        if report.rejected_count > len(report.rejected):
            click.echo(f"… e mais {report.rejected_count - len(report.rejected)} linhas rejeitadas.", err=True)
        if not report.replaced:
            reason = "linhas rejeitadas no modo estrito" if strict and report.rejected else "nenhuma linha válida"
            click.echo(f"Nada importado ({reason}); o cadastro atual foi mantido.", err=True)
            sys.exit(1)
        click.echo(f"Importados {report.operators} operadoras e {report.vehicles} veículos ({report.rejected_count} linhas rejeitadas) em {report.imported_at}.")

    @registry.command("demo", help="Carrega o cadastro de demonstração (se não houver cadastro real, ou com --force).")
    @click.option("--force", is_flag=True, help="Substitui mesmo um cadastro real.")
    def demo_command(force: bool) -> None:
        db = connect(db_path())
        try:
            info = registry_info(db)
            if info["atualizado_em"] and not info["demonstracao"] and not force:
                click.echo("Há um cadastro real importado; use --force para trocá-lo pela demonstração.")
                return
            operators, vehicles = as_files()
            report = import_registry(db, operators, vehicles, demo=True)
            publish_registry(current_app, db)
            opendata.publish_after_import(db)
        finally:
            db.conn.close()
        click.echo(f"Cadastro de DEMONSTRAÇÃO carregado: {report.operators} operadoras, {report.vehicles} veículos.")

    @registry.command("status", help="Mostra quando o cadastro foi atualizado.")
    def status_command() -> None:
        db = connect(db_path())
        try:
            info = registry_info(db)
        finally:
            db.conn.close()
        kind = "demonstração" if info["demonstracao"] else "real"
        click.echo(f"Cadastro {kind}: {info['operadoras']} operadoras, {info['veiculos']} veículos, atualizado em {info['atualizado_em']}.")

    @registry.command("sync", help="Copia agora o cadastro publicado por outro nó (com DATABASE_URL).")
    def sync_command() -> None:
        report = sync_registry(current_app)
        if report is None:
            click.echo("Nada novo: este nó já tem o cadastro publicado mais recente (ou não há DATABASE_URL).")
        else:
            click.echo(f"Cadastro publicado copiado: {report.operators} operadoras, {report.vehicles} veículos.")

    staff = AppGroup("staff", help="Contas da equipe.")

    @staff.command("create", help="Cria uma conta da equipe (a senha é pedida, ou lida com --password-stdin).")
    @click.argument("username")
    @click.option("--password-stdin", is_flag=True, help="Lê a senha da entrada padrão.")
    def create_staff(username: str, password_stdin: bool) -> None:
        if password_stdin:
            password = sys.stdin.readline().rstrip("\n")
        else:
            password = click.prompt("Senha", hide_input=True, confirmation_prompt=True)
        db = open_store(current_app)  # staff accounts are shared by every node
        try:
            staff_store.create_user(db, username, password)
            staff_store.audit(db, None, "conta_criada", username.strip().lower())
        except staff_store.StaffError as exc:
            click.echo(f"Erro: {exc}", err=True)
            sys.exit(1)
        finally:
            close_store(db)
        click.echo(f"Conta {username.strip().lower()} criada.")

    def _password(password_stdin: bool) -> str:
        if password_stdin:
            return sys.stdin.readline().rstrip("\n")
        return click.prompt("Nova senha", hide_input=True, confirmation_prompt=True)

    def _account_change(username: str, change, action: str, done: str) -> None:
        """Apply ``change(db, name) -> staff id`` to an account, end its sessions, audit it."""
        name = username.strip().lower()
        db = open_store(current_app)
        try:
            user_id = change(db, name)
            ended = sessions_store.revoke_user(db, user_id)
            staff_store.audit(db, None, action, name)
        except staff_store.StaffError as exc:
            click.echo(f"Erro: {exc}", err=True)
            sys.exit(1)
        finally:
            close_store(db)
        click.echo(f"Conta {name}: {done}" + (f"; {ended} sessão(ões) encerrada(s)." if ended else "; nenhuma sessão aberta."))

    @staff.command("disable", help="Desativa uma conta: não entra mais, e as sessões abertas acabam agora.")
    @click.argument("username")
    def disable_staff(username: str) -> None:
        _account_change(username, lambda db, name: staff_store.set_active(db, name, False), "conta_desativada", "desativada")

    @staff.command("enable", help="Reativa uma conta desativada.")
    @click.argument("username")
    def enable_staff(username: str) -> None:
        _account_change(username, lambda db, name: staff_store.set_active(db, name, True), "conta_reativada", "reativada")

    @staff.command("reset-password", help="Troca a senha de uma conta (pedida, ou --password-stdin) e encerra as sessões dela.")
    @click.argument("username")
    @click.option("--password-stdin", is_flag=True, help="Lê a senha da entrada padrão.")
    def reset_password(username: str, password_stdin: bool) -> None:
        password = _password(password_stdin)
        _account_change(username, lambda db, name: staff_store.set_password(db, name, password), "senha_trocada", "senha trocada")

    @staff.command("revoke-sessions", help="Encerra agora todas as sessões abertas de uma conta (em todos os nós).")
    @click.argument("username")
    def revoke_sessions(username: str) -> None:
        _account_change(username, staff_store.user_id_of, "sessoes_encerradas", "sessões encerradas")

    @app.cli.command("backup", help="Cópia consistente do banco, com o portal no ar (API de backup do SQLite).")
    @click.argument("dest", type=click.Path(dir_okay=True, writable=True))
    def backup_command(dest: str) -> None:
        import sqlite3
        from pathlib import Path

        source_path = db_path()
        target = Path(dest)
        if target.is_dir():
            target = target / f"portal-{__import__('time').strftime('%Y%m%d-%H%M%S')}.db"
        if target.exists():
            click.echo(f"Erro: {target} já existe.", err=True)
            sys.exit(1)
        source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True, timeout=30)
        copy = sqlite3.connect(target)
        try:
            # Page by page, so writers are only paused briefly; the copy is one consistent snapshot.
            source.backup(copy, pages=256, sleep=0.01)
            ok = copy.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            copy.close()
            source.close()
        if ok != "ok":
            click.echo(f"Erro: a cópia falhou na verificação de integridade ({ok}).", err=True)
            sys.exit(1)
        click.echo(f"Cópia salva em {target} ({target.stat().st_size // 1024} KiB, integridade ok).")

    @app.cli.command("purge", help="Apaga o que venceu: conversas do assistente, sessões da equipe, tentativas de login, chaves de idempotência.")
    def purge_command() -> None:
        from .storage import complaints as complaint_store
        from .storage import conversations, sessions
        from .storage.db import transaction

        db = open_store(app)  # what expires lives in the shared store (PostgreSQL with DATABASE_URL)
        try:
            with transaction(db):
                counts = {
                    "conversas": conversations.purge(db),
                    "sessões": sessions.purge(db, idle=app.config["STAFF_SESSION_IDLE"], absolute=app.config["STAFF_SESSION_ABSOLUTE"]),
                    "tentativas de login": staff_store.forget_login_failures(db),
                    "chaves de idempotência": complaint_store.forget_idempotency_keys(db),
                }
        finally:
            close_store(db)
        click.echo("Apagados: " + ", ".join(f"{n} {what}" for what, n in counts.items()) + ".")

    app.cli.add_command(registry)
    app.cli.add_command(staff)
