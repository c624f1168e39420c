"""Shared fixtures: one built index per test session, a fresh app per test."""

from __future__ import annotations

import pytest

from app import create_app
from knowledge.corpus import all_laws
from search_index import SearchIndex, build_index


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("data") / "index"
    build_index(path, all_laws())
    return path


@pytest.fixture(scope="session")
def search_index(index_dir):
    return SearchIndex.open(index_dir)


@pytest.fixture()
def app(tmp_path, index_dir):
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()
