"""No import cycle inside ``knowledge/`` or ``search_index/`` (issue #33).

A cycle makes the import order matter (a module half-initialised when the other reads
it) and hides which module is the lower layer.  The graph is built from the source with
the standard ``ast`` module — every ``import`` and ``from … import`` of a ``knowledge``
module, at the top of a file or inside a function (a function-level import is still a
dependency; it only delays the failure) — and any strongly connected component of more
than one module fails the test, named with the path that closes it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: Path, root: Path = ROOT) -> dict[str, set[str]]:
    """module → the modules of the same top package it imports (``a.b`` for ``from a import b``
    when ``a/b.py`` is a module, else ``a``)."""
    modules = {module_name(path, root): path for path in package.rglob("*.py")}
    top = package.name
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[: len(here) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    child = f"{target}.{alias.name}"
                    targets.add(child if child in modules else target)
        graph[name] = {t for t in targets if t in modules and t != name and t.split(".")[0] == top}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_knowledge_has_no_import_cycle():
    graph = import_graph(ROOT / "knowledge")
    # The graph is real: the clock reads the places' zones, the history reads the corpus.
    assert "knowledge.places" in graph["knowledge.clock"]
    assert "knowledge.corpus" in graph["knowledge.history"]
    assert "knowledge.clock" not in graph["knowledge.places"]
    assert cycles(graph) == []


def test_search_index_has_no_import_cycle():
    graph = import_graph(ROOT / "search_index")
    assert "search_index.analysis" in graph["search_index.spelling"]
    assert cycles(graph) == []


def test_a_cycle_is_found_even_through_a_function_level_import(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("from .sub import c\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "c.py").write_text("def later():\n    from ..a import name\n")
    (package / "d.py").write_text("import pkg.a\n")
    graph = import_graph(package, root=tmp_path)
    assert graph["pkg.d"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c"]]
