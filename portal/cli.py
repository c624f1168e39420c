"""Command-line tasks: ``flask --app app index build`` and ``index status``."""

from __future__ import annotations

import sys

import click
from flask import Flask, current_app
from flask.cli import AppGroup

from knowledge.corpus import all_laws
from search_index import IndexCorrupt, IndexMissing, SearchIndex, build_index


def init_app(app: Flask) -> None:
    index = AppGroup("index", help="Índice de busca das leis.")

    @index.command("build", help="(Re)constrói o índice de busca no diretório de dados.")
    def build() -> None:
        path = current_app.config["INDEX_DIR"]
        try:
            stats = build_index(path, all_laws())
        except Exception as exc:  # report, never a traceback
            click.echo(f"Erro ao construir o índice: {exc}", err=True)
            sys.exit(1)
        current_app.extensions["search"].reset()
        click.echo(f"Índice construído em {stats.path}: {stats.documents} documentos em {stats.seconds:.2f} s.")

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
