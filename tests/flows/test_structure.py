"""The flows' code keeps the shape issue #33 asked for: short rules, no date branch on a constant.

- no function of a flow module is longer than 40 lines (the outcome is composed of small rules);
- no flow compares a date with an act's constant (``LEI_17107``, ``PE_IN_FORCE``…) or keeps an
  ``old`` flag: a rule the law changed is a ``Dated`` rule with one formula per wording, picked by
  the date of the facts, and every such rule has a formula from the law's start;
- every flow is a declared graph (each node's ``next`` written beside its question).
"""

from __future__ import annotations

import ast
from datetime import timedelta
from pathlib import Path

import pytest

from knowledge.flows import FLOWS
from knowledge.flows.dated import Dated
from knowledge.vigencia import act

FLOWS_DIR = Path(__file__).resolve().parents[2] / "knowledge" / "flows"
MACHINERY = {"engine.py", "counting.py", "diagram.py", "texts.py", "dated.py", "__init__.py"}
FLOW_FILES = [p for p in sorted(FLOWS_DIR.rglob("*.py")) if p.name not in MACHINERY or p.parent.name == "apreensao" and p.name != "__init__.py"]
DATE_CONSTANTS = {"LEI_17107", "LEI_17406", "PE_IN_FORCE", "SP_IN_FORCE", "AC_IN_FORCE", "RECIFE_IN_FORCE"}


def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FLOW_FILES, ids=lambda p: str(p.relative_to(FLOWS_DIR)))
def test_no_function_of_a_flow_is_over_40_lines(path):
    long = [f"{node.name}: {node.end_lineno - node.lineno + 1}" for node in ast.walk(_tree(path))
            if isinstance(node, ast.FunctionDef) and node.end_lineno - node.lineno + 1 > 40]
    assert long == []


@pytest.mark.parametrize("path", FLOW_FILES, ids=lambda p: str(p.relative_to(FLOWS_DIR)))
def test_no_date_branch_on_a_constant(path):
    tree = _tree(path)
    imported = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for a in node.names}
    assert not imported & DATE_CONSTANTS, "pick the formula by the date (knowledge/flows/dated.py), not by a constant"
    compared = [ast.unparse(node) for node in ast.walk(tree) if isinstance(node, ast.Compare)
                for operand in [node.left, *node.comparators] if isinstance(operand, ast.Name) and operand.id in DATE_CONSTANTS | {"old"}]
    assert compared == []
    flags = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "old" and isinstance(node.ctx, ast.Store)]
    assert flags == []


def _dated_rules() -> list[tuple[str, Dated]]:
    import importlib

    found = []
    fleet = sorted((FLOWS_DIR.parent / "fleet").glob("*.py"))  # the fleet check applies the same dated rules to a list
    modules = ["knowledge.flows." + ".".join(path.relative_to(FLOWS_DIR).with_suffix("").parts) for path in FLOW_FILES]
    modules += ["knowledge.fleet." + path.stem for path in fleet if path.stem != "__init__"]
    for name in modules:
        module = importlib.import_module(name)
        found += [(f"{module.__name__}.{name}", value) for name, value in vars(module).items() if isinstance(value, Dated)]
        found += [(f"{module.__name__}.{name}[{k}]", v) for name, value in vars(module).items() if isinstance(value, dict)
                  for k, v in value.items() if isinstance(v, Dated)]
    return found


def test_every_dated_rule_starts_with_its_law_and_picks_by_date():
    rules = _dated_rules()
    assert len(rules) >= 30
    for name, rule in rules:
        periods = rule.periods()
        first_day, first_act = periods[0]
        assert act(first_act).law == first_act, f"{name}: the first formula must be the law's own ({first_act})"
        for (start, _act), (following, _next) in zip(periods, periods[1:]):
            # the day before an amendment runs the earlier formula, the day itself the new one
            assert rule.formula(following - timedelta(days=1)) is rule.formula(start)
            assert rule.formula(following) is not rule.formula(start)


@pytest.mark.parametrize("flow_id", [f.id for f in FLOWS.all()])
def test_every_flow_declares_its_graph(flow_id):
    flow = FLOWS.get(flow_id)
    assert not flow._legacy and flow.decide is None
    assert all(q.ask_if is None for q in flow.questions)  # routing lives in next, not in predicates
    assert len(flow.outcomes) >= 1
