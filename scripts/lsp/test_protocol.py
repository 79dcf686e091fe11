"""Protocol tests of `juice lsp` through pytest-lsp: every feature of issue 20 §1, checked against what `juice lint`,
`juice menu` and `juice stock` say about the same texts.

Run: JUICE=.build/debug/juice .build/venv-lsp/bin/pytest scripts/lsp (scripts/lsp-test.sh does it).
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import re

import pytest
from lsprotocol import types as t
from pygls.exceptions import JsonRpcException

import lspkit


REQUEST_FAILED = -32803


def all_names(root: pathlib.Path) -> list[str]:
    return [os.path.relpath(p, root) for p in lspkit.recipe_files(root)]


def hover_text(hover: dict | None) -> str:
    assert hover is not None, "no hover"
    contents = hover["contents"]
    if isinstance(contents, dict):
        assert contents.get("kind", "markdown") in ("markdown", "plaintext") or "language" in contents
        return contents["value"]
    if isinstance(contents, list):
        return "\n".join(c if isinstance(c, str) else c["value"] for c in contents)
    return contents


def labels(items: list[dict]) -> set[str]:
    return {item["label"] for item in items}


def item_text(item: dict) -> str:
    doc = item.get("documentation")
    if isinstance(doc, dict):
        doc = doc.get("value")
    label_details = item.get("labelDetails") or {}
    return " ".join(
        str(x) for x in (item.get("label"), item.get("detail"), doc, label_details.get("detail"), label_details.get("description")) if x
    )


def location_files(locations: list[dict]) -> list[str]:
    out = []
    for loc in locations:
        target = loc.get("uri") or loc.get("targetUri")
        out.append(os.path.basename(lspkit.uri_path(target)))
    return out


def location_range(loc: dict) -> dict:
    return loc.get("range") or loc.get("targetSelectionRange") or loc["targetRange"]


def text_at(session, loc: dict) -> str:
    """The text a Location covers (one line)."""
    path = lspkit.uri_path(loc.get("uri") or loc.get("targetUri"))
    name = os.path.relpath(path, session.root)
    text = session.text(name)
    rng = location_range(loc)
    return text[lspkit.offset_of(text, rng["start"], session.encoding) : lspkit.offset_of(text, rng["end"], session.encoding)]


# MARK: - Initialize


async def test_initialize_announces_every_feature(start, recipes):
    s = await start(recipes)
    caps = lspkit.as_dict(s.initialize_result.capabilities)
    assert caps.get("hoverProvider"), caps
    assert caps.get("completionProvider") is not None, caps
    assert caps.get("definitionProvider"), caps
    assert caps.get("referencesProvider"), caps
    rename = caps.get("renameProvider")
    assert isinstance(rename, dict) and rename.get("prepareProvider"), f"renameProvider must offer prepareProvider: {rename}"
    actions = caps.get("codeActionProvider")
    assert actions, caps
    if isinstance(actions, dict) and actions.get("codeActionKinds") is not None:
        assert "quickfix" in actions["codeActionKinds"]
    sync = caps.get("textDocumentSync")
    if isinstance(sync, dict):
        assert sync.get("openClose") and sync.get("change") in (1, 2), sync
    else:
        assert sync in (1, 2), sync
    assert s.encoding == "utf-16", "utf-16 is the default when the client offers nothing"
    info = lspkit.as_dict(s.initialize_result.server_info)
    assert info and "juice" in info["name"].lower(), info


# MARK: - Diagnostics


async def test_diagnostics_pushed_for_every_file_equal_lint(start, recipes):
    """No document open: every file of the set gets diagnostics equal to juice lint (rule in code, positions in
    UTF-16, severity, message, fix on the second line), source "juice"."""
    s = await start(recipes)
    await s.wait_matching_lint()
    special = s.diagnostics(lspkit.SPECIAL_FILE)
    assert special and all(d.get("source") == "juice" for d in special)
    assert {d["code"] for d in special} >= {"unknown-fruit"}
    warning = [d for d in s.diagnostics("juices.yaml") if d["code"] == "exceeds-initial-stock"]
    assert warning and warning[0]["severity"] == 2, s.diagnostics("juices.yaml")
    assert all(d["severity"] == 1 for d in special if d["code"] == "unknown-fruit")


async def test_document_version_in_published_diagnostics(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml", version=7)
    published = await s.wait_published("juices.yaml", version=7)
    assert published["version"] == 7
    text = s.text("juices.yaml").replace("recipe: {kiwi: 3}", "recipe: {kiwii: 3}")
    version = s.change("juices.yaml", text)
    assert version == 8
    published = await s.wait_published("juices.yaml", version=8)
    assert any(d["code"] == "unknown-fruit" for d in published["diagnostics"])
    await s.wait_matching_lint()


async def test_unopened_file_turns_red_when_another_file_breaks_it(start, clean_recipes):
    """Delete mango from fruits.yaml by typing: juices.yaml and store.yaml, never opened, get unknown-fruit /
    unknown-stock-fruit at once; put it back and they are clean again."""
    s = await start(clean_recipes)
    await s.wait_matching_lint()
    assert not s.diagnostics("juices.yaml")
    s.open("fruits.yaml")
    original = s.text("fruits.yaml")
    broken = original.replace("  mango:\n    name: {ko: 망고, en: Mango}\n    emoji: 🥭\n", "")
    assert broken != original
    s.change("fruits.yaml", broken)
    await s.wait_for(
        lambda: any(d["code"] == "unknown-fruit" for d in s.diagnostics("juices.yaml")), what="juices.yaml to turn red"
    )
    await s.wait_matching_lint()
    juices = s.diagnostics("juices.yaml")
    assert sum(1 for d in juices if d["code"] == "unknown-fruit") == 2, juices  # mango-juice and mango-kiwi-juice
    assert s.path("juices.yaml") not in s.open_docs
    s.change("fruits.yaml", original)
    await s.wait_for(lambda: not s.diagnostics("juices.yaml"), what="juices.yaml clean again")
    await s.wait_matching_lint()


async def test_files_changed_on_disk_are_read_again(start, clean_recipes):
    s = await start(clean_recipes)
    await s.wait_matching_lint()
    def watched():
        return [r for reg in s.registrations for r in reg["registrations"] if r["method"] == "workspace/didChangeWatchedFiles"]

    await s.wait_for(lambda: watched(), timeout=5, what="didChangeWatchedFiles registered dynamically")
    store = (clean_recipes / "store.yaml").read_text(encoding="utf-8")
    s.write_and_notify("store.yaml", store.replace("    kiwi: 10\n", ""))
    # missing-stock is reported at the fruit's definition, in fruits.yaml.
    await s.wait_for(lambda: any(d["code"] == "missing-stock" for d in s.diagnostics("fruits.yaml")), what="missing-stock")
    await s.wait_matching_lint()
    # A new file, announced as created.
    (clean_recipes / "orange.yaml").write_text("version: 1\njuices:\n  orange-juice:\n    name: {en: Orange Juice}\n    recipe: {orange: 3}\n", encoding="utf-8")
    s.changed_on_disk("orange.yaml", kind=t.FileChangeType.Created)
    await s.wait_for(lambda: any(d["code"] == "unknown-fruit" for d in s.diagnostics("orange.yaml")), what="orange.yaml")
    await s.wait_matching_lint()
    # didSave of an open document re-reads it.
    s.open("store.yaml")
    s.change("store.yaml", store)
    s.save("store.yaml")
    await s.wait_for(lambda: not s.diagnostics("store.yaml"), what="store.yaml clean after save")
    await s.wait_matching_lint()


async def test_closing_an_unsaved_document_falls_back_to_the_disk(start, clean_recipes):
    s = await start(clean_recipes)
    s.open("fruits.yaml")
    s.change("fruits.yaml", s.text("fruits.yaml").replace("  kiwi:", "  kiwwi:"))
    await s.wait_for(lambda: any(d["code"] == "unknown-fruit" for d in s.diagnostics("juices.yaml")), what="juices.yaml red")
    s.close("fruits.yaml")
    await s.wait_for(lambda: not s.diagnostics("juices.yaml") and not s.diagnostics("fruits.yaml"), what="the disk's clean set")
    await s.wait_matching_lint()


@pytest.mark.parametrize("variant", ["crlf", "bom", "cr"])
async def test_line_endings_and_byte_order_mark(start, recipes, variant):
    """Windows line ends, a UTF-8 byte order mark, old Mac line ends: on disk and typed, diagnostics equal lint's."""
    text = (recipes / lspkit.SPECIAL_FILE).read_text(encoding="utf-8")
    converted = {"crlf": text.replace("\n", "\r\n"), "bom": "\ufeff" + text, "cr": text.replace("\n", "\r")}[variant]
    (recipes / lspkit.SPECIAL_FILE).write_bytes(converted.encode("utf-8"))
    s = await start(recipes, encodings=["utf-8", "utf-16"] if variant == "bom" else None)
    await s.wait_for(lambda: s.diagnostics(lspkit.SPECIAL_FILE), what="diagnostics of the converted file")
    await s.wait_matching_lint()
    s.open(lspkit.SPECIAL_FILE, converted)
    s.change(lspkit.SPECIAL_FILE, converted.replace("strawbery", "strawbery, bananna: 1"))
    await s.wait_matching_lint()


async def test_new_unsaved_file_and_a_file_outside_the_set(start, clean_recipes, tmp_path):
    """A recipe file created in the editor and not saved yet is part of the set; a YAML file outside the recipe
    directory is not (no diagnostics for it, the set's unchanged)."""
    s = await start(clean_recipes)
    s.open("orange.yaml", "version: 1\njuices:\n  orange-juice:\n    name: {ko: 오렌지쥬스🍊, en: Orange Juice}\n    recipe: {orange: 3}\n")
    assert not (clean_recipes / "orange.yaml").exists()
    await s.wait_for(lambda: any(d["code"] == "unknown-fruit" for d in s.diagnostics("orange.yaml")), what="orange.yaml")
    await s.wait_matching_lint()
    outside = tmp_path / "elsewhere" / "other.yaml"
    outside.parent.mkdir()
    outside.write_text("version: 1\njuices: {x: 1}\n", encoding="utf-8")
    s.client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(
        uri=lspkit.uri(outside), language_id="yaml", version=1, text=outside.read_text(encoding="utf-8"))))
    await asyncio.sleep(0.5)
    assert not s.published.get(os.path.realpath(outside), {}).get("diagnostics"), s.published.get(os.path.realpath(outside))
    await s.wait_matching_lint()


async def test_rule_configuration_typed_in_the_editor(start, recipes):
    """.juicelint.yaml is part of the set: turning a rule off in the editor clears it in files never opened, and a
    mistake in the configuration is reported in it, as juice lint does."""
    (recipes / ".juicelint.yaml").write_text("rules:\n  unused-fruit: warning\n", encoding="utf-8")
    s = await start(recipes)
    await s.wait_matching_lint()
    assert any(d["code"] == "exceeds-initial-stock" for d in s.diagnostics("juices.yaml"))
    s.open(".juicelint.yaml")
    s.change(".juicelint.yaml", "rules:\n  exceeds-initial-stock: off\n")
    await s.wait_for(lambda: not s.diagnostics("juices.yaml"), what="juices.yaml clean with the rule off")
    await s.wait_matching_lint()
    s.change(".juicelint.yaml", "rules:\n  exceeds-initial-stok: off\n  unknown-fruit: sometimes\n")
    await s.wait_for(lambda: s.diagnostics(".juicelint.yaml"), what="diagnostics in .juicelint.yaml")
    await s.wait_matching_lint()


async def test_korean_locale_gives_korean_messages(start, recipes):
    english = await start(recipes)
    await english.wait_matching_lint()
    korean = await start(recipes, locale="ko-KR")
    await korean.wait_for(lambda: korean.diagnostics(lspkit.SPECIAL_FILE), what="diagnostics")
    ko = {(d["code"], d["range"]["start"]["line"]): d["message"] for d in korean.diagnostics(lspkit.SPECIAL_FILE)}
    en = {(d["code"], d["range"]["start"]["line"]): d["message"] for d in english.diagnostics(lspkit.SPECIAL_FILE)}
    assert ko.keys() == en.keys()
    for key, message in ko.items():
        assert re.search("[가-힣]", message), f"not Korean: {message!r}"
        assert message != en[key]


async def test_workspace_folder_with_recipes_subdirectory(start, tmp_path):
    """No --recipes: the workspace folder's recipes/ is the set."""
    project = tmp_path / "project"
    lspkit.special_recipes(project / "recipes")
    s = await start(project, args=[])
    s.root = pathlib.Path(os.path.realpath(project / "recipes"))
    await s.wait_for(lambda: s.diagnostics(lspkit.SPECIAL_FILE), what="diagnostics of recipes/special.yaml")
    await s.wait_matching_lint()


# MARK: - Positions


def special_expected_start(encoding: str) -> tuple[int, int]:
    line = lspkit.lines(lspkit.SPECIAL_TEXT)[lspkit.SPECIAL_LINE]
    scalar = line.index(lspkit.SPECIAL_WORD)
    return lspkit.SPECIAL_LINE, lspkit.units(line[:scalar], encoding)


@pytest.mark.parametrize(
    "offered,negotiated",
    [
        (None, "utf-16"),
        (["utf-16"], "utf-16"),
        (["utf-8", "utf-16"], "utf-8"),
        (["utf-16", "utf-8"], "utf-8"),
        (["utf-32", "utf-16"], "utf-32"),
        (["utf-32", "utf-8", "utf-16"], "utf-8"),
    ],
)
async def test_position_encoding_negotiation_and_exact_columns(start, recipes, offered, negotiated):
    """The error right after 딸기🍓스페셜 … 🍓: its column in each encoding, by hand and against lint."""
    s = await start(recipes, encodings=offered)
    assert s.encoding == negotiated
    # Hand-counted: the line is `  strawberry-special: {name: {ko: 딸기🍓스페셜, en: Strawberry Special 🍓}, recipe: {`
    # then `strawbery`: 78 scalars before it, 2 of them emoji (2 UTF-16 units, 4 bytes) and 5 Hangul (3 bytes);
    # lint says column 79 (1-based scalars).
    hand = {"utf-32": 78, "utf-16": 80, "utf-8": 78 + 2 * 5 + 3 * 2}
    assert special_expected_start(negotiated) == (lspkit.SPECIAL_LINE, hand[negotiated])
    await s.wait_for(lambda: s.diagnostics(lspkit.SPECIAL_FILE), what="special.yaml diagnostics")
    found = [d for d in s.diagnostics(lspkit.SPECIAL_FILE) if d["code"] == "unknown-fruit"]
    assert found, s.diagnostics(lspkit.SPECIAL_FILE)
    rng = found[0]["range"]
    assert (rng["start"]["line"], rng["start"]["character"]) == (lspkit.SPECIAL_LINE, hand[negotiated])
    assert rng["end"] == {"line": lspkit.SPECIAL_LINE, "character": hand[negotiated] + len(lspkit.SPECIAL_WORD)}
    await s.wait_matching_lint()


async def test_exact_columns_after_emoji_and_hangul_typed_in(start, recipes):
    """The notes' example: on `# 🍓🍓 망고X` the token 망고X starts at scalar 5, UTF-16 7, byte 11. Here the same
    prefix opens a flow recipe, typed into an open document: `{🍓🍓: 1, 망고X: 1}` names two unknown fruits; the second
    starts 9 UTF-16 units / 13 bytes / 7 scalars after the first."""
    line = '  x-juice: {name: {en: X}, recipe: {🍓🍓: 1, 망고X: 1}}'
    first = line.index("🍓🍓")
    second = line.index("망고X")
    for encodings, expected_encoding in ((["utf-8", "utf-16"], "utf-8"), (None, "utf-16"), (["utf-32"], "utf-32")):
        s = await start(recipes, encodings=encodings)
        assert s.encoding == expected_encoding
        s.open(lspkit.SPECIAL_FILE)
        text = s.text(lspkit.SPECIAL_FILE) + line + "\n"
        s.change(lspkit.SPECIAL_FILE, text)
        await s.wait_matching_lint()
        number = len(lspkit.lines(text)) - 2
        starts = sorted(d["range"]["start"]["character"] for d in s.diagnostics(lspkit.SPECIAL_FILE)
                        if d["range"]["start"]["line"] == number and d["code"] == "unknown-fruit")
        base = lspkit.units(line[:first], s.encoding)
        gap = {"utf-8": 13, "utf-16": 9, "utf-32": 7}[s.encoding]  # "🍓🍓: 1, ": two 4-byte, 2-unit emoji and 5 ASCII
        assert lspkit.units(line[first:second], s.encoding) == gap
        assert starts == [base, base + gap], (starts, base, gap)
        await s.shutdown()


# MARK: - Completion


async def test_completion_of_fruit_ids_in_a_recipe(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    items = await s.completion("juices.yaml", s.position("juices.yaml", "recipe: {kiwi", delta=len("recipe: {")))
    fruits = {"strawberry", "banana", "pineapple", "kiwi", "mango"}
    assert fruits <= labels(items), labels(items)
    by_label = {i["label"]: i for i in items}
    for fruit, ko, en, emoji in (("strawberry", "딸기", "Strawberry", "🍓"), ("kiwi", "키위", "Kiwi", "🥝"), ("mango", "망고", "Mango", "🥭")):
        text = item_text(by_label[fruit])
        assert ko in text and en in text and emoji in text, f"{fruit}: {text!r}"
    # A fresh entry on a new line in a block recipe.
    text = s.text("juices.yaml").replace("    recipe: {mango: 2, kiwi: 1}\n", "    recipe:\n      mango: 2\n      \n")
    s.change("juices.yaml", text)
    line = lspkit.lines(text).index("      mango: 2") + 1
    items = await s.completion("juices.yaml", t.Position(line=line, character=6))
    assert fruits <= labels(items), labels(items)


async def test_completion_edit_over_an_existing_key(start, clean_recipes):
    """Completing over the id of an existing recipe entry (`{kiwi: 3}`, cursor in `kiwi`) and accepting another fruit
    gives `{pineapple: 3}`: the edit replaces the id, and the colon already there is not doubled."""
    s = await start(clean_recipes)
    s.open("juices.yaml")
    text = s.text("juices.yaml")
    items = await s.completion("juices.yaml", s.position("juices.yaml", "recipe: {kiwi: 3}", delta=len("recipe: {ki")))
    item = next(i for i in items if i["label"] == "pineapple")
    if item.get("textEdit"):
        edit = item["textEdit"]
        rng = edit.get("range") or edit.get("replace")
        new_text = lspkit.apply_text_edits(text, [{"range": rng, "newText": edit["newText"]}], s.encoding)
    else:  # no edit: the client replaces the word at the cursor with insertText or the label
        word = text.index("recipe: {kiwi: 3}") + len("recipe: {")
        new_text = text[:word] + (item.get("insertText") or item["label"]) + text[word + len("kiwi"):]
    line = next(l for l in lspkit.lines(new_text) if "pineapple" in l and "recipe" in l and "kiwi-juice" not in l and "3" in l)
    assert "recipe: {pineapple: 3}" in line, f"completion left {line!r}"


async def test_completion_in_store_stock_with_live_stock(start, clean_recipes, tmp_path):
    state = tmp_path / "state.sqlite"
    lspkit.run_juice("stock", "set", "kiwi=4", "--recipes", str(clean_recipes), "--state", str(state), check=True)
    s = await start(clean_recipes, args=["--recipes", str(clean_recipes), "--state", str(state)])
    s.open("store.yaml")
    items = await s.completion("store.yaml", s.position("store.yaml", "    kiwi: 10", delta=4))
    fruits = {"strawberry", "banana", "pineapple", "kiwi", "mango"}
    assert fruits <= labels(items), labels(items)
    kiwi = item_text({i["label"]: i for i in items}["kiwi"])
    assert "키위" in kiwi and "Kiwi" in kiwi and "🥝" in kiwi
    assert re.search(r"\b4\b", kiwi), f"live stock 4 not shown: {kiwi!r}"


async def test_completion_of_juice_ids_and_keys(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    text = s.text("juices.yaml")
    # Keys of a juice: after the recipe line of the last juice, a new key at juice-field indentation.
    text_keys = text + "    \n"
    s.change("juices.yaml", text_keys)
    line = len(lspkit.lines(text_keys)) - 2
    items = await s.completion("juices.yaml", t.Position(line=line, character=4))
    got = {i["label"].rstrip(":") for i in items}
    assert {"name", "aliases", "price", "recipe"} & got, got
    # Top-level keys.
    text_top = text + "\n"
    s.change("juices.yaml", text_top)
    items = await s.completion("juices.yaml", t.Position(line=len(lspkit.lines(text_top)) - 1, character=0))
    got = {i["label"].rstrip(":") for i in items}
    assert {"fruits", "store"} <= got, got
    # Juice ids where a juice is named: at the juice-id level of `juices`.
    text_juice = text + "  \n"
    s.change("juices.yaml", text_juice)
    items = await s.completion("juices.yaml", t.Position(line=len(lspkit.lines(text_juice)) - 2, character=2))
    assert {"banana-juice", "mango-kiwi-juice"} <= labels(items), labels(items)
    # Keys of a fruit's name.
    s.open("fruits.yaml")
    items = await s.completion("fruits.yaml", s.position("fruits.yaml", "{ko: 키위", delta=1))
    got = {i["label"].rstrip(":") for i in items}
    assert {"ko", "en"} <= got, got


# MARK: - Hover


async def test_hover_on_a_juice_matches_juice_menu(start, clean_recipes, tmp_path):
    (clean_recipes / "juices").mkdir()
    (clean_recipes / "juices" / "pineapple-mango.yaml").write_text(
        "version: 1\njuices:\n  pineapple-mango-juice:\n    name: {ko: 파인망고쥬스, en: Pineapple-Mango Juice}\n"
        "    price: 4500\n    recipe: {pineapple: 1, mango: 4}\n",
        encoding="utf-8",
    )
    state = tmp_path / "menu.sqlite"
    menu = lspkit.menu_json(clean_recipes, state)
    s = await start(clean_recipes)
    s.open("juices/pineapple-mango.yaml")
    text = hover_text(await s.hover("juices/pineapple-mango.yaml", "pineapple-mango-juice"))
    for fact in ("파인망고쥬스", "Pineapple-Mango Juice", "4500" if "4500" in text else "4,500"):
        assert fact in text, f"{fact!r} not in hover: {text!r}"
    assert "pineapple" in text.lower() or "파인애플" in text
    entry = find_menu_entry(menu, "pineapple-mango-juice")
    makeable = menu_count(entry)
    assert makeable == 2  # 10 mango / 4
    assert re.search(rf"\b{makeable}\b", text), f"can-make count {makeable} not in hover: {text!r}"
    assert entry["limitingFruit"] == "mango"
    assert any(name in text for name in limiting_names(entry, FRUIT_NAMES)), "limiting fruit (mango) not named"
    # In the recipe of mango-kiwi-juice, hovering the juice key in juices.yaml.
    s.open("juices.yaml")
    text = hover_text(await s.hover("juices.yaml", "mango-kiwi-juice:"))
    entry = find_menu_entry(menu, "mango-kiwi-juice")
    assert "망키쥬스" in text and "Mango-Kiwi Juice" in text
    assert re.search(rf"\b{menu_count(entry)}\b", text), text
    # None can be made: 0, the limiting fruit and what one more needs, as juice menu --json says.
    text = hover_text(await s.hover("juices.yaml", "strawberry-juice:"))
    entry = find_menu_entry(menu, "strawberry-juice")
    assert entry["makeable"] == 0 and entry["limitingFruit"] == "strawberry"
    assert re.search(r"\b0\b", text) and any(n in text for n in limiting_names(entry, FRUIT_NAMES)), text
    for fruit, more in entry.get("neededForOneMore", {}).items():
        assert re.search(rf"\b{more}\b", text), f"{more} more {fruit} for one more juice, not in {text!r}"
    assert re.search(r"\b16\b", text), "the recipe (16 strawberries)"


def find_menu_entry(menu, juice_id: str) -> dict:
    items = menu if isinstance(menu, list) else menu.get("juices") or menu.get("menu") or []
    for item in items:
        if item.get("id") == juice_id or item.get("juice") == juice_id:
            return item
    raise AssertionError(f"{juice_id} not in juice menu --json: {menu}")


def menu_count(entry: dict) -> int:
    return entry["makeable"]


def limiting_names(entry: dict, fruits: dict[str, tuple[str, str]]) -> tuple[str, ...]:
    """The limiting fruit of a `juice menu --json` entry as id, Korean and English name."""
    fruit = entry["limitingFruit"]
    return (fruit, *fruits.get(fruit, ()))


FRUIT_NAMES = {"strawberry": ("딸기", "Strawberry"), "banana": ("바나나", "Banana"), "pineapple": ("파인애플", "Pineapple"),
               "kiwi": ("키위", "Kiwi"), "mango": ("망고", "Mango")}


async def test_hover_on_a_fruit_matches_juice_stock(start, clean_recipes, tmp_path):
    state = tmp_path / "stock.sqlite"
    stock = lspkit.stock_json(clean_recipes, state)
    s = await start(clean_recipes)
    s.open("juices.yaml")
    text = hover_text(await s.hover("juices.yaml", "kiwi: 1"))
    assert "키위" in text and "Kiwi" in text, text
    kiwi = find_stock_entry(stock, "kiwi")
    assert re.search(rf"\b{kiwi['stock']}\b", text) and re.search(rf"\b{kiwi['capacity']}\b", text), (kiwi, text)
    assert "kiwi-juice" in text or "키위쥬스" in text or "Kiwi Juice" in text, text
    assert "mango-kiwi-juice" in text or "망키쥬스" in text or "Mango-Kiwi Juice" in text, text
    assert "banana-juice" not in text and "바나나쥬스" not in text
    # The same fruit from the store section and its definition.
    s.open("store.yaml")
    assert "키위" in hover_text(await s.hover("store.yaml", "kiwi: 10"))
    s.open("fruits.yaml")
    assert "Kiwi" in hover_text(await s.hover("fruits.yaml", "kiwi:"))


def find_stock_entry(stock, fruit: str) -> dict:
    """`juice stock --json` is {"stock": {fruit: n}, "capacity": {fruit: n}, ...}."""
    assert fruit in stock["stock"], stock
    return {"stock": stock["stock"][fruit], "capacity": stock["capacity"][fruit]}


async def test_hover_with_live_state(start, clean_recipes, tmp_path):
    state = tmp_path / "live.sqlite"
    lspkit.run_juice("stock", "set", "kiwi=3", "mango=9", "--recipes", str(clean_recipes), "--state", str(state), check=True)
    before = state.read_bytes()
    menu = lspkit.menu_json(clean_recipes, state)
    stock = lspkit.stock_json(clean_recipes, state)
    s = await start(clean_recipes, args=["--recipes", str(clean_recipes), "--state", str(state)])
    s.open("juices.yaml")
    text = hover_text(await s.hover("juices.yaml", "mango-kiwi-juice:"))
    count = menu_count(find_menu_entry(menu, "mango-kiwi-juice"))
    entry = find_menu_entry(menu, "mango-kiwi-juice")
    assert count == 3 and entry["limitingFruit"] == "kiwi"  # kiwi 3 / 1 < mango 9 / 2
    assert re.search(rf"\b{count}\b", text) and any(n in text for n in limiting_names(entry, FRUIT_NAMES)), text
    text = hover_text(await s.hover("juices.yaml", "kiwi: 3"))
    assert re.search(rf"\b{find_stock_entry(stock, 'kiwi')['stock']}\b", text), text
    # Read-only: the state file is byte for byte as it was before the server started.
    await s.completion("juices.yaml", s.position("juices.yaml", "recipe: {kiwi", delta=len("recipe: {")))
    await s.shutdown()
    assert state.read_bytes() == before


async def test_missing_state_falls_back_to_the_store_section(start, clean_recipes, tmp_path):
    s = await start(clean_recipes, args=["--recipes", str(clean_recipes), "--state", str(tmp_path / "nope.sqlite")])
    s.open("juices.yaml")
    text = hover_text(await s.hover("juices.yaml", "kiwi: 1"))
    assert re.search(r"\b10\b", text) and re.search(r"\b100\b", text), text
    assert not (tmp_path / "nope.sqlite").exists(), "the state is never created or written"


# MARK: - Definition and references


async def test_definition_of_fruit_ids_across_files(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    s.open("store.yaml")
    for name, needle in (("juices.yaml", "kiwi: 1"), ("store.yaml", "kiwi: 10"), ("juices.yaml", "kiwi: 3")):
        locations = await s.definition(name, needle)
        assert location_files(locations) == ["fruits.yaml"], locations
        assert text_at(s, locations[0]) == "kiwi", text_at(s, locations[0])
        assert location_range(locations[0])["start"]["line"] == lspkit.lines(s.text("fruits.yaml")).index("  kiwi:")


async def test_definition_and_references_of_juice_ids(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    locations = await s.definition("juices.yaml", "mango-kiwi-juice:")
    assert location_files(locations) == ["juices.yaml"] and text_at(s, locations[0]) == "mango-kiwi-juice"
    refs = await s.references("juices.yaml", "mango-kiwi-juice:")
    assert [text_at(s, r) for r in refs] == ["mango-kiwi-juice"], refs


async def test_references_of_a_fruit_across_files(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    refs = await s.references("juices.yaml", "kiwi: 1")
    files = sorted(location_files(refs))
    assert files == ["fruits.yaml", "juices.yaml", "juices.yaml", "store.yaml"], refs
    assert all(text_at(s, r) == "kiwi" for r in refs), [text_at(s, r) for r in refs]
    without = await s.references("juices.yaml", "kiwi: 1", include_declaration=False)
    assert sorted(location_files(without)) == ["juices.yaml", "juices.yaml", "store.yaml"], without


# MARK: - Rename


async def test_prepare_rename_gives_the_id_range(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    result = await s.prepare_rename("juices.yaml", "kiwi: 1", delta=2)
    rng = result.get("range", result) if isinstance(result, dict) else None
    assert rng and "start" in rng, result
    text = s.text("juices.yaml")
    assert text[lspkit.offset_of(text, rng["start"], s.encoding) : lspkit.offset_of(text, rng["end"], s.encoding)] == "kiwi"
    if "placeholder" in result:
        assert result["placeholder"] == "kiwi"
    # Nothing to rename on a number or on `version`.
    nothing = None
    try:
        nothing = await s.prepare_rename("juices.yaml", "version: 1", delta=1)
    except JsonRpcException:
        nothing = None
    assert not nothing, nothing


async def test_rename_a_fruit_across_files_then_lint_is_clean(start, clean_recipes):
    s = await start(clean_recipes)
    s.open("juices.yaml")
    edit = await s.rename("juices.yaml", "kiwi: 1", "green-kiwi")
    files = lspkit.workspace_edit_files(edit)
    assert sorted(os.path.basename(p) for p in files) == ["fruits.yaml", "juices.yaml", "store.yaml"], files
    assert "documentChanges" not in (edit or {}), "documentChanges only when the client advertises it"
    assert sum(len(v) for v in files.values()) == 4
    before = {n: s.text(n) for n in ("fruits.yaml", "juices.yaml", "store.yaml")}
    s.apply_edit(edit)
    s.save_all()
    after = {n: s.text(n) for n in before}
    for name in before:
        # Minimal edits: only the id changed; comments, Hangul and order stay.
        assert after[name] == before[name].replace("kiwi:", "green-kiwi:").replace("{kiwi:", "{green-kiwi:").replace(" kiwi:", " green-kiwi:") or after[name].count("green-kiwi") >= 1
        assert len(lspkit.lines(after[name])) == len(lspkit.lines(before[name]))
        assert [l for l in lspkit.lines(after[name]) if l.startswith("#")] == [l for l in lspkit.lines(before[name]) if l.startswith("#")]
    assert lspkit.lint_exit(clean_recipes).returncode == 0, lspkit.lint_exit(clean_recipes).stdout
    assert lspkit.lint_json(clean_recipes) == []
    await s.wait_matching_lint()


async def test_rename_a_juice_with_document_changes(start, clean_recipes):
    s = await start(clean_recipes, document_changes=True)
    s.open("juices.yaml")
    edit = await s.rename("juices.yaml", "mango-kiwi-juice:", "mango-kiwi-smoothie")
    assert edit.get("documentChanges"), f"the client advertised documentChanges: {edit}"
    for change in edit["documentChanges"]:
        assert change["textDocument"].get("version") in (None, s.version(os.path.relpath(lspkit.uri_path(change["textDocument"]["uri"]), s.root)))
    s.apply_edit(edit)
    s.save_all()
    assert "mango-kiwi-smoothie:" in (clean_recipes / "juices.yaml").read_text(encoding="utf-8")
    assert lspkit.lint_json(clean_recipes) == []


@pytest.mark.parametrize("new_name", ["bad id!", "", "🍓", "banana", "Ba_Nana", "딸기"])
async def test_rename_refused_for_invalid_or_colliding_ids(start, clean_recipes, new_name):
    s = await start(clean_recipes)
    s.open("juices.yaml")
    with pytest.raises(JsonRpcException) as error:
        await s.rename("juices.yaml", "kiwi: 1", new_name)
    assert error.value.code == REQUEST_FAILED, (error.value.code, error.value.message)
    message = error.value.message
    assert message and len(message) > 10, message
    if new_name in ("banana", "Ba_Nana"):
        assert "banana" in message, message
    if new_name == "딸기":
        assert "strawberry" in message or "딸기" in message, message
    # Nothing changed; the session goes on.
    assert lspkit.lint_json(clean_recipes) == []
    assert await s.hover("juices.yaml", "kiwi: 1")


@pytest.mark.parametrize("new_name", ["Kiwi_Juice", "바나나쥬스", "딸바주스", "mango juice"])
async def test_juice_rename_refused_for_collisions_with_other_juices(start, clean_recipes, new_name):
    """Another juice's id (under the name rule), Korean name or alias; or not an id at all."""
    s = await start(clean_recipes)
    s.open("juices.yaml")
    with pytest.raises(JsonRpcException) as error:
        await s.rename("juices.yaml", "mango-kiwi-juice:", new_name)
    assert error.value.code == REQUEST_FAILED, (error.value.code, error.value.message)
    assert new_name in error.value.message, error.value.message
    assert lspkit.lint_json(clean_recipes) == []


async def test_rename_refusal_in_korean(start, clean_recipes):
    s = await start(clean_recipes, locale="ko")
    s.open("juices.yaml")
    with pytest.raises(JsonRpcException) as error:
        await s.rename("juices.yaml", "kiwi: 1", "banana")
    assert error.value.code == REQUEST_FAILED and re.search("[가-힣]", error.value.message), error.value.message


# MARK: - Quick fixes

BROKEN_SETS = {
    "unknown-fruit": ("juices.yaml", "recipe: {kiwi: 3}", "recipe: {kiwii: 3}"),
    "unknown-key": ("juices.yaml", "    recipe: {kiwi: 3}", "    recipie: {kiwi: 3}"),
    "missing-stock": ("store.yaml", "    kiwi: 10\n", ""),
    "invalid-id": ("juices.yaml", "  kiwi-juice:", "  kiwi juice:"),
    "exceeds-initial-stock": ("juices.yaml", "recipe: {kiwi: 3}", "recipe: {kiwi: 12}"),
    "unknown-stock-fruit": ("store.yaml", "    mango: 10\n", "    mangoo: 10\n"),
    "stock-exceeds-capacity": ("store.yaml", "    mango: 10\n", "    mango: 150\n"),
    "special": (None, None, None),
}


def diagnostic_key(d: dict) -> tuple:
    return (d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"], d["message"])


async def resolved_actions(s, name: str, diagnostic: dict) -> list[dict]:
    actions = await s.code_actions(name, [diagnostic])
    out = []
    for action in actions:
        if "command" in action and "title" in action and "edit" not in action and isinstance(action["command"], str):
            raise AssertionError(f"a Command, not a CodeAction: {action}")
        if "edit" not in action and "data" in action:
            converter = s.client.protocol._converter
            resolved = await s.client.code_action_resolve_async(converter.structure(action, t.CodeAction))
            action = lspkit.as_dict(resolved)
        out.append(action)
    return out


def broken_set(root: pathlib.Path, case: str) -> None:
    """The default recipes broken as `case` says ("all": every break of BROKEN_SETS at once, plus special.yaml)."""
    if case in ("special", "all"):
        lspkit.special_recipes(root)
    else:
        lspkit.copy_recipes(root)
    for key, (name, old, new) in BROKEN_SETS.items():
        if name is None or (case != "all" and key != case):
            continue
        text = (root / name).read_text(encoding="utf-8")
        if old not in text:
            continue  # an earlier break of "all" took the line
        (root / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    level = "warning" if case in ("exceeds-initial-stock", "all") else "off"
    (root / ".juicelint.yaml").write_text(f"rules:\n  exceeds-initial-stock: {level}\n", encoding="utf-8")


def scratch_lint_after(s, tmp_path: pathlib.Path, label: str, edit: dict) -> list[dict]:
    """`juice lint` on a copy of the session's texts with `edit` applied (the session itself is left alone)."""
    scratch = tmp_path / f"check-{label}"
    lspkit.copy_recipes(scratch, s.root)
    for path, (_, text) in s.open_docs.items():
        (scratch / os.path.relpath(path, s.root)).write_text(text, encoding="utf-8")
    for path, file_edits in lspkit.workspace_edit_files(edit).items():
        relative = os.path.relpath(path, s.root)
        new_text = lspkit.apply_text_edits(s.text(relative), file_edits, s.encoding)
        (scratch / relative).write_text(new_text, encoding="utf-8")
    return lspkit.lint_json(scratch)


@pytest.mark.parametrize("case", sorted(BROKEN_SETS) + ["all"])
async def test_every_quick_fix_makes_its_diagnostic_go_away(start, tmp_path, case):
    """For every diagnostic lint gives a fix for: the server offers code actions, each a quickfix with an edit; each
    edit, applied to a copy of the texts, makes that diagnostic go away for juice lint and adds no new kind of error.
    Then the first fix is applied through the editor's path (didChange / disk): gone for the server too."""
    root = tmp_path / "recipes"
    broken_set(root, case)
    before = lspkit.lint_json(root)
    findings = [f for f in before if f.get("fix")]
    assert findings, f"{case}: lint suggests no fix here"
    errors_before = {f["rule"] for f in before if f["severity"] == "error"}
    s = await start(root)
    await s.wait_matching_lint()
    checked = 0
    first = None
    for index, finding in enumerate(findings):
        name = os.path.relpath(lspkit._finding_path(finding, root), os.path.realpath(root))
        if s.path(name) not in s.open_docs and index % 2 == 0:
            s.open(name)  # some documents open in the editor, some only on disk
            await s.wait_published(name, version=s.version(name))
        matching = [
            d for d in s.diagnostics(name)
            if d["code"] == finding["rule"] and d["range"]["start"]["line"] == min(finding["line"] - 1, len(lspkit.lines(s.text(name))) - 1)
            and d["message"].split("\n")[0] == finding["message"]
        ]
        assert matching, f"{case}: no published diagnostic for {finding}"
        diagnostic = matching[0]
        actions = await resolved_actions(s, name, diagnostic)
        assert actions, f"{case}: no code action for {diagnostic}"
        for action in actions:
            assert action.get("kind") == "quickfix", action
            assert action.get("edit") and action.get("title"), action
            if action.get("diagnostics"):
                assert any(d["code"] == diagnostic["code"] for d in action["diagnostics"]), action
            after = scratch_lint_after(s, tmp_path, str(checked), action["edit"])
            still = [
                f for f in after
                if f["rule"] == finding["rule"] and f["message"] == finding["message"] and os.path.basename(f["file"]) == os.path.basename(finding["file"])
            ]
            assert not still, f"{case}: '{action['title']}' left {still}"
            new_errors = {f["rule"] for f in after if f["severity"] == "error"} - errors_before
            assert not new_errors, f"{case}: '{action['title']}' added errors {new_errors}: {after}"
            checked += 1
        if first is None:
            first = (name, diagnostic, next((a for a in actions if a.get("isPreferred")), actions[0]))
    assert checked >= len(findings), (checked, findings)
    name, diagnostic, preferred = first
    s.apply_edit(preferred["edit"])
    await s.wait_for(
        lambda: not any(diagnostic_key(d) == diagnostic_key(diagnostic) for d in s.diagnostics(name)),
        what=f"{diagnostic['code']} to go away after '{preferred['title']}'",
    )
    await s.wait_matching_lint()


async def test_no_quick_fix_trades_its_error_for_another(start, clean_recipes):
    store = clean_recipes / "store.yaml"
    store.write_text(store.read_text(encoding="utf-8").replace("    mango: 10\n", "    mango: 10\n    mangoo: 5\n"), encoding="utf-8")
    s = await start(clean_recipes)
    s.open("store.yaml")
    published = await s.wait_published("store.yaml", version=1)
    diagnostic = next(d for d in published["diagnostics"] if d["code"] == "unknown-stock-fruit")
    for index, action in enumerate(await resolved_actions(s, "store.yaml", diagnostic)):
        after = scratch_lint_after(s, clean_recipes.parent, f"trade-{index}", action["edit"])
        assert not [f for f in after if f["severity"] == "error"], f"'{action['title']}' leaves {after}"


async def test_code_actions_use_document_changes_only_when_advertised(start, recipes):
    for document_changes in (False, True):
        s = await start(recipes, document_changes=document_changes)
        s.open(lspkit.SPECIAL_FILE)
        published = await s.wait_published(lspkit.SPECIAL_FILE)
        diagnostic = next(d for d in published["diagnostics"] if d["code"] == "unknown-fruit")
        actions = await resolved_actions(s, lspkit.SPECIAL_FILE, diagnostic)
        assert actions
        for action in actions:
            if document_changes:
                assert "documentChanges" in action["edit"], action
            else:
                assert "documentChanges" not in action["edit"] and action["edit"].get("changes"), action
        titles = " ".join(a["title"] for a in actions)
        assert "strawberry" in titles, titles
        # The fix replaces exactly the misspelt word (UTF-16 columns after Hangul and emoji).
        edits = list(lspkit.workspace_edit_files(actions[0]["edit"]).values())[0]
        assert len(edits) == 1
        start_char = edits[0]["range"]["start"]["character"]
        assert start_char == special_expected_start(s.encoding)[1], edits
        await s.shutdown()


# MARK: - Robustness


async def test_half_typed_file_then_recovery(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    full = s.text("juices.yaml")
    for cut in (len(full) // 3, len(full) // 2, full.index("recipe: {mango: 2") + 12, len(full) - 3):
        s.change("juices.yaml", full[:cut])
        await s.wait_matching_lint()
    s.change("juices.yaml", full[: full.index("    name: {ko: 망키")] + "    name: {ko: 망키쥬스, en: [\n")
    await s.wait_matching_lint()
    s.change("juices.yaml", full)
    await s.wait_matching_lint()
    assert await s.hover("juices.yaml", "kiwi: 1")


async def test_binary_and_control_bytes(start, recipes):
    s = await start(recipes)
    # In an open document (JSON can carry NUL and control characters).
    s.open("juices.yaml")
    full = s.text("juices.yaml")
    s.change("juices.yaml", full.replace("망고쥬스", "망고\x00쥬\x07스", 1))
    await s.wait_matching_lint()
    s.change("juices.yaml", full)
    # A binary file on disk, announced by the watcher.
    (recipes / "junk.yaml").write_bytes(bytes(range(256)) * 40 + b"\xff\xfe\x00")
    s.changed_on_disk("junk.yaml", kind=t.FileChangeType.Created)
    await s.wait_for(lambda: s.diagnostics("junk.yaml"), what="a diagnostic for the binary file")
    assert any(d["code"] in ("encoding", "yaml-syntax") for d in s.diagnostics("junk.yaml")), s.diagnostics("junk.yaml")
    await s.wait_matching_lint(["juices.yaml", "fruits.yaml", lspkit.SPECIAL_FILE])
    assert await s.hover("juices.yaml", "kiwi: 1")


async def test_ten_megabyte_document(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    full = s.text("juices.yaml")
    big = full + "# " + ("딸기🍓 strawberry " * 500 + "\n# ") * 1100 + "end\n"
    assert len(big.encode()) > 10_000_000
    s.change("juices.yaml", big)
    await s.wait_published("juices.yaml", version=s.version("juices.yaml"), timeout=60)
    codes = {d["code"] for d in s.diagnostics("juices.yaml")}
    lint_codes = {f["rule"] for f in lspkit.lint_json(write_copy(recipes, s, "juices.yaml")) if f["file"].endswith("/juices.yaml")}
    assert codes == lint_codes, (codes, lint_codes)
    s.change("juices.yaml", full)
    await s.wait_matching_lint(timeout=60)
    assert await s.hover("juices.yaml", "kiwi: 1")


def write_copy(recipes: pathlib.Path, s, *names: str) -> pathlib.Path:
    scratch = recipes.parent / "copy"
    lspkit.copy_recipes(scratch, recipes)
    for name in names:
        (scratch / name).write_text(s.text(name), encoding="utf-8")
    return scratch


async def test_five_hundred_rapid_changes_end_in_the_right_state(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    full = s.text("juices.yaml")
    for index in range(500):
        cut = (index * 37) % len(full)
        s.change("juices.yaml", full[:cut] + "🍓망" * (index % 5) + full[cut:])
    final = full.replace("recipe: {kiwi: 3}", "recipe: {kiwwi: 3}")
    version = s.change("juices.yaml", final)
    published = await s.wait_published("juices.yaml", version=version, timeout=60)
    assert published["version"] == version
    await s.wait_matching_lint(timeout=30)
    # The newest version wins: no older diagnostics arrive after it.
    await asyncio.sleep(0.5)
    assert s.published[s.path("juices.yaml")]["version"] == version


async def test_cancel_request(start, recipes):
    s = await start(recipes)
    s.open("juices.yaml")
    position = s.position("juices.yaml", "kiwi: 1", delta=1)
    params = t.HoverParams(text_document=s.doc("juices.yaml"), position=position)
    futures = []
    for index in range(20):
        msg_id = f"cancel-me-{index}"
        futures.append(s.client.protocol.send_request(t.TEXT_DOCUMENT_HOVER, params, msg_id=msg_id))
        s.client.cancel_request(t.CancelParams(id=msg_id))
    for future in futures:
        try:
            await asyncio.wait_for(asyncio.wrap_future(future) if not asyncio.isfuture(future) else future, 10)
        except JsonRpcException as error:
            assert error.code == -32800, (error.code, error.message)
    # Cancelling something already answered or unknown is harmless.
    s.client.cancel_request(t.CancelParams(id="never-sent"))
    assert await s.hover("juices.yaml", "kiwi: 1")


async def test_unknown_method_and_requests_for_unknown_documents(start, recipes):
    s = await start(recipes)
    with pytest.raises(JsonRpcException) as error:
        await s.client.protocol.send_request_async("juice/noSuchMethod", {})
    assert error.value.code == -32601
    result = await s.client.text_document_hover_async(
        t.HoverParams(text_document=t.TextDocumentIdentifier(uri=lspkit.uri(recipes / "nope.yaml")), position=t.Position(line=0, character=0))
    )
    assert result is None
    s.open("juices.yaml")
    assert await s.hover("juices.yaml", "kiwi: 1")
