"""Replays of the client capabilities pytest-lsp ships (recorded from Neovim 0.6–0.11, Emacs 29.1 and VS Code 1.65):
the whole session — diagnostics equal to lint in the negotiated encoding, completion, hover, definition, references,
rename, quick fixes — must work with each editor's handshake, and pytest-lsp's own checks of results against the
client's capabilities (turned into errors by pytest.ini) must pass.
"""

from __future__ import annotations

import json
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types as t
from pytest_lsp import client_capabilities

import lspkit
from test_protocol import hover_text, labels, location_files, resolved_actions


CLIENTS_DIR = pathlib.Path(pytest_lsp.__file__).parent / "clients"
RECORDED = sorted(p.stem for p in CLIENTS_DIR.glob("*.json"))


def spec(stem: str) -> str:
    """`neovim_v0.7.0` → `neovim@v0.7.0` (pytest-lsp's client spec)."""
    name, version = stem.rsplit("_v", 1)
    return f"{name.replace('_', '-')}@v{version}"


def test_every_family_is_recorded():
    families = {stem.rsplit("_v", 1)[0] for stem in RECORDED}
    assert {"neovim", "emacs", "visual_studio_code"} <= families, RECORDED


@pytest.mark.parametrize("stem", RECORDED)
async def test_session_with_recorded_client(start, tmp_path, stem):
    root = lspkit.special_recipes(tmp_path / "recipes")
    try:
        capabilities = client_capabilities(spec(stem))
    except ValueError:
        data = json.loads((CLIENTS_DIR / f"{stem}.json").read_text())
        from lsprotocol.converters import get_converter

        capabilities = get_converter().structure(data["capabilities"], t.ClientCapabilities)
    raw = lspkit.as_dict(capabilities)
    s = await start(root, capabilities=capabilities)
    offered = (raw.get("general") or {}).get("positionEncodings") or []
    expected_encoding = "utf-8" if "utf-8" in offered else "utf-32" if "utf-32" in offered else "utf-16"
    assert s.encoding == expected_encoding, (offered, s.encoding)

    # Diagnostics, pushed for every file, equal to lint in the negotiated encoding.
    s.open(lspkit.SPECIAL_FILE)
    s.open("juices.yaml")
    await s.wait_matching_lint()
    special = [d for d in s.diagnostics(lspkit.SPECIAL_FILE) if d["code"] == "unknown-fruit"]
    assert special

    # Completion, hover, definition, references.
    items = await s.completion("juices.yaml", s.position("juices.yaml", "recipe: {kiwi", delta=len("recipe: {")))
    assert {"kiwi", "mango", "strawberry"} <= labels(items)
    hover = await s.hover("juices.yaml", "kiwi: 1")
    text = hover_text(hover)
    assert "키위" in text and "Kiwi" in text
    formats = ((raw.get("textDocument") or {}).get("hover") or {}).get("contentFormat")
    if isinstance(hover["contents"], dict) and formats and "markdown" not in formats:
        assert hover["contents"]["kind"] == "plaintext", "Markdown sent to a plaintext-only client"
    assert location_files(await s.definition("juices.yaml", "kiwi: 1")) == ["fruits.yaml"]
    assert len(await s.references("juices.yaml", "kiwi: 1")) == 4

    # A quick fix, in the shape the client understands.
    actions = await resolved_actions(s, lspkit.SPECIAL_FILE, special[0])
    assert actions and all(a.get("kind") == "quickfix" for a in actions)
    advertises = ((raw.get("workspace") or {}).get("workspaceEdit") or {}).get("documentChanges")
    for action in actions:
        if not advertises:
            assert "documentChanges" not in action["edit"], f"{stem} does not advertise documentChanges"
    s.apply_edit(actions[0]["edit"])
    await s.wait_for(lambda: not any(d["code"] == "unknown-fruit" for d in s.diagnostics(lspkit.SPECIAL_FILE)), what="fix applied")

    # Rename across files, then everything lints clean (the shipped warning aside).
    if ((raw.get("textDocument") or {}).get("rename") or {}).get("prepareSupport"):
        assert await s.prepare_rename("juices.yaml", "kiwi: 1")
    edit = await s.rename("juices.yaml", "kiwi: 1", "green-kiwi")
    if not advertises:
        assert "documentChanges" not in edit
    assert len(lspkit.workspace_edit_files(edit)) == 3
    s.apply_edit(edit)
    s.save_all()
    await s.wait_matching_lint()
    findings = lspkit.lint_json(root)
    assert {f["rule"] for f in findings} <= {"exceeds-initial-stock"}, findings
    assert all(os.path.basename(f["file"]) != lspkit.SPECIAL_FILE for f in findings)
