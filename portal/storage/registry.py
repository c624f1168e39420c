"""The regulator's registry of operators and vehicles: the lookups.

These are the hot read path (every plate check, sticker and complaint with a plate
reads here), so they are kept apart from the import, which is rare, long and faces
untrusted files: validation and the atomic swap live in ``registry_import``, reading
the uploaded bytes in ``registry_files``.  Each lookup is one indexed SQLite query.
"""

from __future__ import annotations

import sqlite_utils


def find_vehicle(db: sqlite_utils.Database, key: str) -> tuple[dict, dict] | None:
    """(operator, vehicle) for a plate key (Mercosul form), or None."""
    row = db.execute(
        """
        SELECT v.placa, v.tipo, v.lugares, v.ano_fabricacao, v.vistoria_validade, v.seguro_validade, v.situacao AS v_situacao,
               v.categoria, v.ingresso,
               o.cnpj, o.razao_social, o.nome_fantasia, o.jurisdicao, o.crc_numero, o.crc_emissao, o.crc_validade,
               o.situacao AS o_situacao, o.modalidades, o.pessoa, o.veiculos_ativos
        FROM vehicles v JOIN operators o ON o.cnpj = v.cnpj
        WHERE v.placa_chave = ?
        """,
        [key],
    ).fetchone()
    if row is None:
        return None
    (placa, tipo, lugares, ano, vistoria, seguro, v_situacao, categoria, ingresso, cnpj, razao, fantasia, jurisdicao, crc_numero,
     crc_emissao, crc_validade, o_situacao, modalidades, pessoa, ativos) = row
    operator = {
        "cnpj": cnpj, "razao_social": razao, "nome_fantasia": fantasia, "jurisdicao": jurisdicao, "crc_numero": crc_numero,
        "crc_emissao": crc_emissao, "crc_validade": crc_validade, "situacao": o_situacao,
        "modalidades": [m for m in (modalidades or "").split("|") if m], "pessoa": pessoa, "veiculos_ativos": ativos,
    }
    vehicle = {
        "placa": placa, "tipo": tipo, "lugares": lugares, "ano_fabricacao": ano,
        "vistoria_validade": vistoria, "seguro_validade": seguro, "situacao": v_situacao,
        "categoria": categoria, "ingresso": ingresso,
    }
    return operator, vehicle


def find_operator(db: sqlite_utils.Database, cnpj: str) -> dict | None:
    """One operator by CNPJ (digits), without its contacts."""
    row = db.execute(
        "SELECT cnpj, razao_social, nome_fantasia, jurisdicao, crc_numero, crc_validade, situacao FROM operators WHERE cnpj = ?", [cnpj]
    ).fetchone()
    if row is None:
        return None
    return dict(zip(("cnpj", "razao_social", "nome_fantasia", "jurisdicao", "crc_numero", "crc_validade", "situacao"), row))


def fleet_plates(db: sqlite_utils.Database, cnpj: str, *, offset: int = 0, limit: int | None = None) -> list[str]:
    """The plates of an operator's active vehicles (retired ones get no sticker), in plate order;
    ``offset``/``limit`` give one page of a large fleet (a sticker sheet's work is bounded)."""
    sql = "SELECT placa FROM vehicles WHERE cnpj = ? AND situacao = 'ativo' ORDER BY placa"
    params: list = [cnpj]
    if limit is not None:
        sql += " LIMIT ? OFFSET ?"
        params += [limit, offset]
    return [row[0] for row in db.execute(sql, params)]


def fleet_size(db: sqlite_utils.Database, cnpj: str) -> int:
    """How many active vehicles an operator has (the pages of its sticker sheets)."""
    return db.execute("SELECT count(*) FROM vehicles WHERE cnpj = ? AND situacao = 'ativo'", [cnpj]).fetchone()[0]


def registry_version(db: sqlite_utils.Database) -> tuple:
    """A value that changes whenever the registry's rows may have changed, for caches of
    what is built from them (portal/lookup.py): the connection itself, SQLite's
    ``data_version`` (bumped by a commit on any *other* connection: another worker's
    import, a registry sync, a restore), and this connection's ``total_changes`` (its own
    writes, which data_version does not count).  One cheap statement, no table read.

    Any write to the database file counts (a complaint too), so the caches may be emptied
    more often than needed, never less.  A replaced file gets a new connection
    (portal/database.py), hence a new value."""
    conn = db.conn
    return (conn, conn.execute("PRAGMA data_version").fetchone()[0], conn.total_changes)


_REGISTRY_META = ("registro_atualizado_em", "registro_demonstracao", "registro_operadoras", "registro_veiculos")


def registry_info(db: sqlite_utils.Database) -> dict:
    meta = dict(db.execute("SELECT key, value FROM meta WHERE key IN (?, ?, ?, ?)", _REGISTRY_META).fetchall())  # one statement per lookup
    return {
        "atualizado_em": meta.get("registro_atualizado_em"),
        "demonstracao": meta.get("registro_demonstracao", "0") == "1",
        "operadoras": int(meta.get("registro_operadoras") or 0),
        "veiculos": int(meta.get("registro_veiculos") or 0),
    }
