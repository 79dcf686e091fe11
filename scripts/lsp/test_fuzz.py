"""Property test: random edit sequences (characters including Hangul and emoji, lines, keys, ids) on a recipe set,
sent the way the server syncs (incremental ranges in the negotiated encoding when it offers them, else whole
documents). After each burst, the diagnostics pushed for every file equal `juice lint --format json` on the same
texts written to disk, and positions round-trip: prepareRename at any character of an id answers that id's exact
range. Once per position encoding, then a few bursts on the benchmark's generated 1,000-juice set. Fixed seed;
JUICE_LSP_FUZZ_SEED, JUICE_LSP_FUZZ_BURSTS and JUICE_LSP_FUZZ_BIG_BURSTS change it. Under 60 s.
"""

from __future__ import annotations

import os
import random
import re
import time

import pytest
from lsprotocol import types as t
from pygls.exceptions import JsonRpcException

import lspkit


SEED = int(os.environ.get("JUICE_LSP_FUZZ_SEED", "20"))
BURSTS = int(os.environ.get("JUICE_LSP_FUZZ_BURSTS", "40"))
BUDGET = float(os.environ.get("JUICE_LSP_FUZZ_SECONDS", "15"))  # per encoding
ROUND_TRIPS = os.environ.get("JUICE_LSP_FUZZ_ROUND_TRIPS", "1") != "0"  # 0: diagnostics only
FILES = ["fruits.yaml", "juices.yaml", "store.yaml", lspkit.SPECIAL_FILE]
CHARS = list("abcxyz019 :-_{},#\n\"'[]") + ["딸", "기", "망", "고", "🍓", "🥝", "🍌", "é", "\t"]
LINES = [
    "    price: 3000",
    "    recipie: {kiwi: 1}",
    "    aliases: [망고🥭주스]",
    "  kiwi: 5",
    "  orange:",
    "    name: {ko: 오렌지, en: Orange}",
    "    emoji: 🍊",
    "  dragonfruit-juice: {name: {ko: 용과🐉쥬스}, recipe: {dragonfruit: 2, 망고: 1}}",
    "    recipe: {strawberry: 200}",
    "version: 1",
    "- x",
]
IDS = ["kiwi", "mango", "banana", "strawberry", "pineapple", "kiwii", "망고", "green-kiwi", "딸기🍓"]


def random_edit(rng: random.Random, text: str) -> tuple[int, int, str]:
    """A random edit of `text` as (start, end, new text) in str indices."""
    line_starts = lspkit.line_starts(text)
    choice = rng.random()
    if choice < 0.35 or not text:  # insert characters
        at = rng.randint(0, len(text))
        return at, at, "".join(rng.choice(CHARS) for _ in range(rng.randint(1, 3)))
    if choice < 0.6:  # delete characters
        at = rng.randint(0, max(0, len(text) - 1))
        return at, min(len(text), at + rng.randint(1, 4)), ""
    if choice < 0.72:  # delete a line
        line = rng.randrange(len(line_starts))
        start = line_starts[line]
        end = line_starts[line + 1] if line + 1 < len(line_starts) else len(text)
        return start, end, ""
    if choice < 0.88:  # insert a line (a key, a fruit, a juice)
        line = rng.randrange(len(line_starts))
        return line_starts[line], line_starts[line], rng.choice(LINES) + "\n"
    # replace an id
    matches = [m for m in re.finditer(r"\b(kiwi|mango|banana|strawberry|pineapple)\b", text)]
    if not matches:
        return 0, 0, "#"
    m = rng.choice(matches)
    return m.start(), m.end(), rng.choice(IDS)


@pytest.mark.parametrize("offered", [None, ["utf-8", "utf-16"], ["utf-32", "utf-16"]], ids=["utf-16", "utf-8", "utf-32"])
async def test_random_edits_keep_diagnostics_equal_to_lint(start, tmp_path, offered):
    rng = random.Random(f"{SEED}-{offered}")
    root = lspkit.special_recipes(tmp_path / "recipes")
    s = await start(root, encodings=offered)
    sync = lspkit.as_dict(s.initialize_result.capabilities).get("textDocumentSync")
    incremental = (sync.get("change") if isinstance(sync, dict) else sync) == 2
    for name in FILES:
        s.open(name)
    await s.wait_matching_lint()
    pristine = {name: s.text(name) for name in FILES}
    started = time.monotonic()
    log: list[str] = []
    round_trips = 0
    bursts = 0
    for burst in range(BURSTS):
        if time.monotonic() - started > BUDGET:
            break
        bursts += 1
        if rng.random() < 0.25:  # an undo of everything in one file (keeps some files checkable for round trips)
            name = rng.choice(FILES)
            log.append(f"burst {burst}: {name} back to its original text")
            send_change(s, name, pristine[name], None)
        for _ in range(rng.randint(1, 6)):
            name = rng.choice(FILES)
            text = s.text(name)
            if rng.random() < 0.04:  # sometimes start over from the pristine text
                new_text, change = pristine[name], None
            else:
                begin, end, insert = random_edit(rng, text)
                new_text = text[:begin] + insert + text[end:]
                change = (lspkit.position_of(text, begin, s.encoding), lspkit.position_of(text, end, s.encoding), insert)
                # Round-trip of our own conversion, in the negotiated encoding.
                assert lspkit.offset_of(text, change[0], s.encoding) == begin
                assert lspkit.offset_of(text, change[1], s.encoding) == end
            log.append(f"burst {burst}: {name} {change!r}")
            send_change(s, name, new_text, change if incremental else None)
        try:
            await s.wait_matching_lint(timeout=10)
        except AssertionError as error:
            raise AssertionError(f"seed {SEED}, burst {burst}, encoding {s.encoding}, incremental {incremental}\n"
                                 + "\n".join(log[-8:]) + f"\n{error}") from None
        if ROUND_TRIPS:
            round_trips += await check_round_trips(s, rng)
    print(f"fuzz: seed {SEED}, {bursts} bursts, {len(log)} edits, encoding {s.encoding}, "
          f"incremental {incremental}, {round_trips} prepareRename round trips, {time.monotonic() - started:.1f} s")
    assert bursts >= min(BURSTS, 10)
    assert round_trips > 0 or not ROUND_TRIPS, "no id could be checked for position round trips"


def send_change(s, name: str, new_text: str, change) -> None:
    path = s.path(name)
    version = s.open_docs[path][0] + 1
    s.open_docs[path] = (version, new_text)
    if change is None:
        content = t.TextDocumentContentChangeWholeDocument(text=new_text)
    else:
        start, end, insert = change
        content = t.TextDocumentContentChangePartial(
            range=t.Range(start=t.Position(**start), end=t.Position(**end)), text=insert
        )
    s.client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=s.uri(name), version=version), content_changes=[content]
        )
    )


async def check_round_trips(s, rng: random.Random) -> int:
    """prepareRename at a random character of fruit definitions and recipe uses that lint accepts: the range answered
    is exactly the id's (the server's position → offset → position conversions agree with ours)."""
    checked = 0
    findings = {}
    for name in FILES:
        findings[name] = [d for d in s.normalized(name) if d[1] == 1]
    for name in ("fruits.yaml", "juices.yaml"):
        if findings[name]:
            continue  # only in a file without errors is every id certain to be one
        text = s.text(name)
        pattern = r"^  ([A-Za-z0-9가-힣._-]+):" if name == "fruits.yaml" else r"[{,] ?([A-Za-z0-9가-힣._-]+): \d"
        matches = list(re.finditer(pattern, text, re.M))
        for match in rng.sample(matches, min(2, len(matches))):
            begin, end = match.start(1), match.end(1)
            inside = rng.randint(begin, end - 1)
            position = lspkit.position_of(text, inside, s.encoding)
            try:
                result = await s.client.text_document_prepare_rename_async(
                    t.PrepareRenameParams(text_document=s.doc(name), position=t.Position(**position))
                )
            except JsonRpcException as error:
                raise AssertionError(f"prepareRename on {match.group(1)!r} in {name}: {error}") from None
            result = lspkit.as_dict(result)
            assert result, f"prepareRename found nothing at {position} ({match.group(1)!r}) in {name}"
            rng_ = result.get("range", result)
            want = {"start": lspkit.position_of(text, begin, s.encoding), "end": lspkit.position_of(text, end, s.encoding)}
            assert rng_ == want, f"{name}: {match.group(1)!r} at {position}: got {rng_}, want {want}"
            checked += 1
    return checked


def test_position_conversions_round_trip():
    """Our own conversions (used as the oracle above): for random lines of Hangul, emoji and ASCII, every scalar
    boundary maps to a position and back in each encoding, and the three encodings count as the notes say."""
    rng = random.Random(SEED)
    alphabet = ["a", "Z", " ", "딸", "기", "🍓", "🥭", "é", "\u0301", ":"]
    for _ in range(500):
        text = "\n".join("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(rng.randint(1, 4)))
        for encoding in lspkit.ENCODINGS:
            for index in range(len(text) + 1):
                position = lspkit.position_of(text, index, encoding)
                assert lspkit.offset_of(text, position, encoding) == index
    line = "# 🍓🍓 망고X"
    index = line.index("망고X")
    assert (index, lspkit.units(line[:index], "utf-16"), lspkit.units(line[:index], "utf-8")) == (5, 7, 11)


def load_generator():
    import importlib.util

    path = lspkit.REPO / "scripts" / "bench-lsp.py"
    spec = importlib.util.spec_from_file_location("bench_lsp", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generate


async def test_random_edits_on_the_thousand_juice_set(start, tmp_path):
    """The benchmark's generated set (1,000 juices in 12 files): a few bursts of random edits in two open files,
    and every file's diagnostics still equal lint's."""
    rng = random.Random(f"{SEED}-big")
    root = tmp_path / "recipes"
    load_generator()(root, seed=SEED)
    s = await start(root)
    await s.wait_matching_lint(timeout=30)
    names = ["fruits.yaml", "juices-03.yaml"]
    for name in names:
        s.open(name)
    for burst in range(int(os.environ.get("JUICE_LSP_FUZZ_BIG_BURSTS", "8"))):
        for _ in range(rng.randint(1, 4)):
            name = rng.choice(names)
            text = s.text(name)
            begin, end, insert = random_edit(rng, text)
            send_change(s, name, text[:begin] + insert + text[end:], None)
        try:
            await s.wait_matching_lint(timeout=30)
        except AssertionError as error:
            raise AssertionError(f"seed {SEED}, big set, burst {burst}: {error}") from None
