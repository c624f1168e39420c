"""Storage: the registry, complaints, staff and the audit log.

SQLite by default; the shared writes (complaints, conversations, staff, sessions, audit)
go to PostgreSQL when DATABASE_URL is set, through the same functions (pg.py).

No Flask in here: these modules take a ``sqlite_utils.Database`` and plain
values, so the CLI, the web layer and the benchmarks share them.
"""
