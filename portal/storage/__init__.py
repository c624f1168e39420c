"""SQLite storage: the registry, complaints, staff and the audit log.

No Flask in here: these modules take a ``sqlite_utils.Database`` and plain
values, so the CLI, the web layer and the benchmarks share them.
"""
