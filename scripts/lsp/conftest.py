"""Fixtures for the `juice lsp` protocol tests: the binary ($JUICE), scratch recipe sets, and a session factory that
shuts every server down at the end of its test."""

from __future__ import annotations

import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import lspkit  # noqa: E402
import session as lsp_session  # noqa: E402


def pytest_report_header(config):
    return f"juice under test: {lspkit.juice_path()}"


@pytest.fixture(scope="session", autouse=True)
def juice_binary():
    path = lspkit.juice_path()
    if not os.access(path, os.X_OK):
        pytest.exit(f"no juice binary at {path} (set JUICE)", returncode=2)
    return path


@pytest.fixture
def recipes(tmp_path: pathlib.Path) -> pathlib.Path:
    """A scratch copy of the default recipes plus special.yaml (an error after Hangul and emoji)."""
    return lspkit.special_recipes(tmp_path / "recipes")


@pytest.fixture
def clean_recipes(tmp_path: pathlib.Path) -> pathlib.Path:
    """A scratch copy of the default recipes with the shipped warning turned off: lint is clean."""
    root = lspkit.copy_recipes(tmp_path / "recipes")
    (root / ".juicelint.yaml").write_text("rules:\n  exceeds-initial-stock: off\n", encoding="utf-8")
    return root


@pytest.fixture
async def start():
    """`await start(root, **options)` starts `juice lsp` on `root`; every session is shut down after the test."""
    sessions: list[lsp_session.Session] = []

    async def starter(root, **options) -> lsp_session.Session:
        s = await lsp_session.start(root, **options)
        sessions.append(s)
        return s

    yield starter
    for s in sessions:
        try:
            await s.shutdown()
        except Exception as error:  # noqa: BLE001
            print(f"shutdown: {error}", file=sys.stderr)
