"""Shared helpers for the `juice lsp` tests: the binary, `juice lint --format json` turned into the diagnostics the
server must publish, position conversions in the three encodings, and applying text and workspace edits.

No pytest here: the fuzz test, the benchmark and the editor tests use it too.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess
import urllib.parse
from typing import Any, Iterable

REPO = pathlib.Path(__file__).resolve().parents[2]
RECIPES = REPO / "recipes"
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"


def juice_path() -> str:
    """The `juice` binary under test: $JUICE, else .build/debug/juice (made absolute)."""
    path = os.environ.get("JUICE") or str(REPO / ".build/debug/juice")
    return str(pathlib.Path(path).resolve())


def juice_env() -> dict[str, str]:
    env = dict(os.environ)
    env["SWIFT_BACKTRACE"] = "enable=no"
    env.setdefault("LANG", "C.UTF-8")
    env.pop("JUICE_RECIPES", None)
    env.pop("JUICE_STATE", None)
    return env


def run_juice(*args: str, cwd: str | os.PathLike | None = None, check: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run(
        [juice_path(), *args], cwd=cwd, env=juice_env(), capture_output=True, text=True, timeout=120, check=check
    )


# MARK: - Recipe sets


def copy_recipes(dest: pathlib.Path, source: pathlib.Path = RECIPES) -> pathlib.Path:
    """Copies the recipe set `source` (default: the repository's recipes/) to `dest` and returns `dest`."""
    shutil.copytree(source, dest, dirs_exist_ok=True)
    return dest


# A juice on one line that mixes Hangul and emoji before a misspelt fruit: `unknown-fruit` right after 🍓, fixable
# (did you mean 'strawberry'?), on the line the editor tests and the column tests look at.
SPECIAL_FILE = "special.yaml"
SPECIAL_TEXT = (
    "version: 1\n"
    "juices:\n"
    "  # 딸기 🍓🍓 스페셜: a line of Hangul and emoji before the misspelt fruit\n"
    "  strawberry-special: {name: {ko: 딸기🍓스페셜, en: Strawberry Special 🍓}, recipe: {strawbery: 2}}\n"
)
SPECIAL_LINE = 3
SPECIAL_WORD = "strawbery"


def special_recipes(dest: pathlib.Path) -> pathlib.Path:
    """The default recipes plus `special.yaml` (one fixable error after Hangul and emoji)."""
    copy_recipes(dest)
    (dest / SPECIAL_FILE).write_text(SPECIAL_TEXT, encoding="utf-8")
    return dest


def recipe_files(directory: pathlib.Path) -> list[pathlib.Path]:
    """The recipe files of a directory as `juice lint` finds them (hidden files skipped), plus .juicelint.yaml."""
    found = []
    for path in sorted(directory.rglob("*")):
        relative = path.relative_to(directory)
        if any(part.startswith(".") for part in relative.parts):
            continue
        if path.is_file() and path.suffix in (".yaml", ".yml"):
            found.append(path)
    config = directory / ".juicelint.yaml"
    if config.exists():
        found.append(config)
    return found


# MARK: - URIs


def uri(path: os.PathLike | str) -> str:
    return pathlib.Path(os.path.realpath(path)).as_uri()


def uri_path(value: str) -> str:
    """The real path of a file: URI (percent-decoding, symlinks resolved) for comparing URIs of the same file."""
    parsed = urllib.parse.urlparse(value)
    return os.path.realpath(urllib.parse.unquote(parsed.path))


# MARK: - Positions

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
ENCODINGS = ("utf-8", "utf-16", "utf-32")


def lines(text: str) -> list[str]:
    """The lines of `text` without their breaks; CR LF, CR and LF each end a line (as libyaml and LSP count)."""
    return _LINE_BREAK.split(text)


def line_starts(text: str) -> list[int]:
    starts = [0]
    for match in _LINE_BREAK.finditer(text):
        starts.append(match.end())
    return starts


def units(text: str, encoding: str) -> int:
    """The length of `text` in the code units of `encoding`."""
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le", "surrogatepass")) // 2
    if encoding == "utf-32":
        return len(text)
    raise ValueError(encoding)


def scalar_to_character(line: str, scalar: int, encoding: str) -> int:
    """The position (in `encoding` units) of the 0-based scalar index `scalar` in `line` (clamped to its end)."""
    return units(line[: max(0, scalar)], encoding)


def character_to_scalar(line: str, character: int, encoding: str) -> int:
    """The 0-based scalar index at `character` units of `encoding` into `line` (clamped to its end); a position
    inside a character counts as that character's start."""
    total = 0
    for index, char in enumerate(line):
        width = units(char, encoding)
        if total + width > character:
            return index
        total += width
    return len(line)


def offset_of(text: str, position: dict, encoding: str) -> int:
    """The index into `text` (a str index: scalars) of an LSP position {line, character}."""
    starts = line_starts(text)
    all_lines = lines(text)
    line = position["line"]
    if line >= len(starts):
        return len(text)
    return starts[line] + character_to_scalar(all_lines[line], position["character"], encoding)


def position_of(text: str, index: int, encoding: str) -> dict:
    """The LSP position of str index `index` of `text`."""
    starts = line_starts(text)
    line = 0
    for number, start in enumerate(starts):
        if start <= index:
            line = number
        else:
            break
    return {"line": line, "character": units(text[starts[line] : index], encoding)}


def find_position(text: str, needle: str, encoding: str = "utf-16", occurrence: int = 0, delta: int = 0) -> dict:
    """The position of the `occurrence`-th `needle` in `text` (plus `delta` scalars)."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return position_of(text, index + delta, encoding)


# MARK: - Lint as the oracle


def lint_json(directory: os.PathLike | str, *extra: str) -> list[dict]:
    """`juice lint --format json DIR` (exit 0 or 1), as a list of findings."""
    result = run_juice("lint", "--format", "json", *extra, str(directory))
    if result.returncode not in (0, 1):
        raise RuntimeError(f"juice lint exited {result.returncode}: {result.stderr}")
    return json.loads(result.stdout)


def lint_exit(directory: os.PathLike | str) -> subprocess.CompletedProcess:
    return run_juice("lint", str(directory))


def _finding_path(finding: dict, directory: pathlib.Path) -> str:
    path = pathlib.Path(finding["file"])
    if not path.is_absolute():
        path = pathlib.Path.cwd() / path
    return os.path.realpath(path)


def expected_diagnostics(directory: os.PathLike | str, encoding: str = "utf-16", texts: dict[str, str] | None = None) -> dict[str, list[tuple]]:
    """What the server must publish for the set in `directory` (files as on disk): real path → sorted list of
    (code, severity, first message line, fix, (start line, start char, end line, end char)) with positions converted
    from lint's 1-based scalar columns to `encoding`. Every recipe file has an entry, empty when clean."""
    directory = pathlib.Path(os.path.realpath(directory))
    expected: dict[str, list[tuple]] = {os.path.realpath(p): [] for p in recipe_files(directory)}
    cache: dict[str, list[str]] = {}
    for finding in lint_json(directory):
        path = _finding_path(finding, directory)
        if path not in cache:
            text = (texts or {}).get(path)
            if text is None:
                text = pathlib.Path(path).read_bytes().decode("utf-8", "replace")
            cache[path] = lines(text)
        file_lines = cache[path]
        line = finding["line"] - 1
        column = finding["column"] - 1
        if line >= len(file_lines):
            # libyaml counts a line past the end of a text without a final line break; the protocol cannot name it,
            # so the end of the text stands for it.
            line, column = len(file_lines) - 1, len(file_lines[-1])
        line_text = file_lines[line] if 0 <= line < len(file_lines) else ""
        start = scalar_to_character(line_text, column, encoding)
        length = finding.get("endColumn", finding["column"] + 1) - finding["column"]
        end = scalar_to_character(line_text, column + length, encoding)
        if end >= units(line_text, encoding):
            end = END
        severity = 1 if finding["severity"] == "error" else 2
        expected.setdefault(path, []).append(
            (finding["rule"], severity, finding["message"], finding.get("fix"), (line, start, line, end))
        )
    for path in expected:
        expected[path].sort(key=_sort_key)
    return expected


END = 1 << 30  # "the end of the line" in normalized ranges


def _sort_key(item: tuple):
    return (item[4], item[0], item[2])


def normalize_published(diagnostics: Iterable[Any], text: str | None, encoding: str) -> list[tuple]:
    """The server's diagnostics for one file as the same tuples as `expected_diagnostics`. An end at or past its
    line's end (or on a later line) becomes END, as `expected_diagnostics` does with lint's underline."""
    file_lines = lines(text) if text is not None else None
    result = []
    for diagnostic in diagnostics:
        d = as_dict(diagnostic)
        start, end = d["range"]["start"], d["range"]["end"]
        end_line, end_char = end["line"], end["character"]
        if file_lines is not None:
            line_text = file_lines[start["line"]] if start["line"] < len(file_lines) else ""
            if end_line > start["line"] or end_char >= units(line_text, encoding):
                end_line, end_char = start["line"], END
        message_lines = d["message"].split("\n")
        result.append(
            (
                str(d.get("code")),
                d.get("severity"),
                message_lines[0],
                "\n".join(message_lines[1:]) or None,
                (start["line"], start["character"], end_line, end_char),
            )
        )
    result.sort(key=_sort_key)
    return result


def compare_file(published: list[tuple], expected: list[tuple]) -> list[str]:
    """Differences between normalized published and expected diagnostics of one file (empty when equal). The fix
    line is compared only when lint has one: the server's second line must contain it."""
    problems = []
    if len(published) != len(expected):
        problems.append(f"{len(published)} published, {len(expected)} from lint")
    for got, want in zip(published, expected):
        if got[0] != want[0] or got[1] != want[1] or got[2] != want[2] or got[4] != want[4]:
            problems.append(f"got {got[:3]} at {got[4]}, lint {want[:3]} at {want[4]}")
        elif want[3] and (got[3] is None or want[3] not in got[3]):
            problems.append(f"fix line {got[3]!r} does not hold lint's fix {want[3]!r}")
    if len(published) != len(expected):
        problems.append(f"published: {published}")
        problems.append(f"lint:      {expected}")
    return problems


def as_dict(value: Any) -> Any:
    """An lsprotocol value (attrs) or plain JSON as plain JSON."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return {k: as_dict(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_dict(v) for v in value]
    try:
        from lsprotocol.converters import get_converter

        return get_converter().unstructure(value)
    except Exception:  # noqa: BLE001
        return value


# MARK: - Edits


def apply_text_edits(text: str, edits: Iterable[Any], encoding: str) -> str:
    """`text` with LSP TextEdits applied (all ranges refer to the original text; applied from the end)."""
    resolved = []
    for edit in edits:
        e = as_dict(edit)
        start = offset_of(text, e["range"]["start"], encoding)
        end = offset_of(text, e["range"]["end"], encoding)
        resolved.append((start, end, e["newText"]))
    resolved.sort(key=lambda item: (item[0], item[1]), reverse=True)
    for start, end, new_text in resolved:
        text = text[:start] + new_text + text[end:]
    return text


def workspace_edit_files(edit: Any) -> dict[str, list[dict]]:
    """A WorkspaceEdit as real path → its TextEdits (from `changes` or `documentChanges`)."""
    e = as_dict(edit) or {}
    result: dict[str, list[dict]] = {}
    for target, edits in (e.get("changes") or {}).items():
        result.setdefault(uri_path(target), []).extend(edits)
    for change in e.get("documentChanges") or []:
        if "textDocument" not in change:
            raise AssertionError(f"unexpected resource operation in a WorkspaceEdit: {change}")
        result.setdefault(uri_path(change["textDocument"]["uri"]), []).extend(change["edits"])
    return result


def apply_workspace_edit(texts: dict[str, str], edit: Any, encoding: str) -> dict[str, str]:
    """`texts` (real path → text; files not in it are read from disk) with `edit` applied; returns the changed files."""
    changed = {}
    for path, edits in workspace_edit_files(edit).items():
        text = texts.get(path)
        if text is None:
            text = pathlib.Path(path).read_text(encoding="utf-8")
        changed[path] = apply_text_edits(text, edits, encoding)
    texts.update(changed)
    return changed


def menu_json(directory: os.PathLike | str, state: os.PathLike | str) -> Any:
    return json.loads(run_juice("menu", "--json", "--recipes", str(directory), "--state", str(state), check=True).stdout)


def stock_json(directory: os.PathLike | str, state: os.PathLike | str) -> Any:
    return json.loads(run_juice("stock", "--json", "--recipes", str(directory), "--state", str(state), check=True).stdout)
