"""How the Flask layer is wired: importing app.py writes nothing, the database teardown
is always registered, blueprints use service modules (never each other), and every
/api/v1 route lives in the API blueprint."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from app import create_app

ROOT = Path(__file__).resolve().parent.parent
PORTAL = ROOT / "portal"


def test_importing_app_writes_nothing_and_app_is_built_on_first_use(tmp_path):
    data = tmp_path / "var"
    script = (
        "import os, sys, app\n"
        f"data = {str(data)!r}\n"
        "assert not os.path.exists(data), 'import wrote the data dir'\n"
        "assert 'app' not in vars(app)\n"
        "built = app.app\n"
        "assert built is app.app and built.config['DATA_DIR'] == data\n"
        "assert sorted(os.listdir(data)) == ['portal.db', 'secret_key'], os.listdir(data)\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PORTAL_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"


def test_flask_command_finds_the_lazily_built_app(tmp_path):
    data = tmp_path / "var"
    env = {**os.environ, "PORTAL_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "routes"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "api.assistant" in result.stdout and "/api/v1/assistente" in result.stdout
    assert (data / "secret_key").exists()


def test_read_only_mode_still_releases_connections(tmp_path, index_dir):
    create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})  # makes the database
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "DATABASE_READONLY": True})
    assert [f.__name__ for f in app.teardown_appcontext_funcs if f.__module__ == "portal.database"] == ["release_db"]
    assert app.test_client().get("/consulta?placa=KGT2E47").status_code == 200


def _blueprint_modules() -> set[str]:
    return {path.stem for path in PORTAL.glob("*.py") if "Blueprint(" in path.read_text()}


def _portal_imports(tree: ast.Module) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update([node.module.split(".")[0]] if node.module else [alias.name for alias in node.names])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("portal."):
            found.add(node.module.split(".")[1])
    return found


def test_blueprints_import_services_never_each_other():
    blueprints = _blueprint_modules()
    assert {"api", "pages", "wizards", "passenger", "assistant_web", "comparison_web"} <= blueprints
    crossing = {
        name: sorted(_portal_imports(ast.parse((PORTAL / f"{name}.py").read_text())) & (blueprints - {name}))
        for name in sorted(blueprints)
    }
    # admin publishes a new open-data package after an import (opendata's CLI and routes share it); the
    # registry's preview-and-confirm pages are the staff area's too (admin's login) and publish likewise.
    assert {name: found for name, found in crossing.items() if found} == {"admin": ["opendata"], "registry_admin": ["admin", "opendata"]}


def test_api_has_no_function_local_imports():
    tree = ast.parse((PORTAL / "api.py").read_text())
    local = [
        (func.name, node.lineno)
        for func in ast.walk(tree) if isinstance(func, ast.FunctionDef)
        for node in ast.walk(func) if isinstance(node, (ast.Import, ast.ImportFrom))
    ]
    assert local == []


def test_every_api_route_is_in_the_api_blueprint(app):
    outside = sorted(
        (rule.rule, rule.endpoint) for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/") and not rule.endpoint.startswith("api.")
    )
    assert outside == [("/api/v1/openapi.json", "openapi.openapi_json"), ("/api/v1/ping", "health.ping")]
