"""``flask settings``: the table of settings (``settings.py``) with the values in effect.

An operator asks "what does this node run with?" without reading the code: every
environment variable with its value now (secrets only as "(definido)", never printed),
its default and its type; ``--markdown`` prints the README's table instead.
"""

from __future__ import annotations

import click
from flask import Flask

import settings


@click.command("settings", help="Mostra cada configuração (variáveis de ambiente): valor em uso, padrão e tipo.")
@click.option("--markdown", is_flag=True, help="A tabela completa, como no README (com as chaves de app.config).")
def settings_command(markdown: bool) -> None:
    if markdown:
        click.echo(settings.markdown(), nl=False)
        return
    rows = [("variável", "em uso", "padrão", "tipo")] + settings.report()
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    for row in rows:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths)) + "  " + row[3])


def init_app(app: Flask) -> None:
    app.cli.add_command(settings_command)
