#!/usr/bin/env python3
"""Checks that the shop's words stay where they live (issue 38): no new inline language ternary outside a message
file, no new hand-written Korean particle pair, no new money text built by hand, no new `@testable import`. The code
has such places today, to be removed by later refactors, so the check is a ratchet: scripts/drift-baseline.json holds
the count per (check, file), and the run fails when a count rises above its baseline or a file not in it has any.

The four checks (comments are not read; Swift string text is read for 2 and 3 only):

- ternary: `language == .korean ? … : …` (also `!=`, `.english`, a `?` that opens the next line), and `ko ? … : …`
  where `ko` is any name the same file binds to such a test (`let ko = language == .korean`, `let ko =
  text.isKorean`, `var isKorean: Bool { language == .korean }`), or `isKorean ?`. In Sources/ Swift files, except
  message files: a file whose name ends in `Message.swift`, `Messages.swift`, `Text.swift` (so `ErrorText.swift`,
  `HelpText.swift`), `Help.swift` or `+Korean.swift` (a type's Korean words beside it, `RuleID+Korean.swift`), and
  Sources/JuiceCore/KoreanParticle.swift; files under Sources/JuiceLSP/Protocol/ are never message files (their
  `…Messages.swift` are the editor protocol's messages, not words for people).
- particle: a particle pair written by hand, `(는)` `(가)` `(를)` `(은)` `(이)` `(을)` `(와)` `(과)` `(으)`, anywhere in
  Sources/ (Swift and the page's .js) except Sources/JuiceCore/KoreanParticle.swift, the one place that writes `이(가)`
  after a word it cannot read.
- won: money text built by hand: `₩\\(`, an interpolation followed by `원` (`\\(n)원`, not `원가` and such words), a
  literal that ends in `₩` (`"₩" + …`), and in the page's .js `${n}원` or `₩${`. There is no single money formatter
  yet: today money is written in StockPlanRenderer.money, StockFlowRenderer.money, ShopMessage's and
  PurchaseMessage's totals, the LSP hover, MenuChangesSummary and SalesReportRenderer, all in the baseline. Its home
  is Sources/JuiceCore/NumberText.swift, which is not checked; the page's is `money` in
  Sources/JuiceServer/Page/api.js (the module every screen imports), not checked either.
- testable: `@testable import` in Tests/, counted per file: a test uses the module's public or package API.

Tests/ is read for `@testable` only: its strings are the output the tests pin, `이(가)` and `₩3500` among them. The
page's .js is read for particles and money only: it picks its words from its own text tables (`TEXT.ko`, `TEXT.en`),
and its `state.lang === "en" ? …` choose a locale or a name field, not words. `(으)` is beyond issue 38's list, checked
because it is the same drift (`(으)로`). The first baseline was written with `--update --allow-raise`.

Usage: scripts/check-drift.py [--check] [--update [--allow-raise]] [--root DIR] [--baseline FILE]
  --check (the default, CI): exit 1 on a count above its baseline, printing each occurrence as `file:line: what;
    how to fix it`; a count below its baseline passes with a note to lower it.
  --update: rewrites the baseline with the lower counts (and drops files with none); never raises one, so a rise
    still fails. --update --allow-raise writes the current counts as they are: for a deliberate exception only.
Output is sorted by check, file and line."""

import argparse
import json
import os
import re
import sys

CHECKS = ("ternary", "particle", "won", "testable")
FIXES = {
    "ternary": "put the words in a message file (a …Message/…Text enum case rendered in both languages) and call it",
    "particle": "use KoreanParticle (Sources/JuiceCore/KoreanParticle.swift; add the particle there if it has no case)",
    "particle-js": "let the server word it (KoreanParticle), or word the text so no particle follows a name",
    "won": "format money in the one money formatter (its home: NumberText in Sources/JuiceCore/NumberText.swift), "
    "not by hand",
    "won-js": "format money with the page's one money text (api.js `money`), not in another template",
    "testable": "use the module's public or package API instead of @testable",
}
MESSAGE_SUFFIXES = ("Message.swift", "Messages.swift", "Text.swift", "Help.swift", "+Korean.swift")
NOT_MESSAGE_FOLDERS = ("Sources/JuiceLSP/Protocol/",)
PARTICLE_HOME = "Sources/JuiceCore/KoreanParticle.swift"
MONEY_HOME = "Sources/JuiceCore/NumberText.swift"
# The page's one money text (`money` in its shared module), as NumberText is the Swift code's.
MONEY_HOME_JS = "Sources/JuiceServer/Page/api.js"
PAGE_FOLDER = "Sources/JuiceServer/Page"

LANGUAGE_TEST = r"[!=]=\s*(?:Language)?\.(?:korean|english)\b"
# `== .korean ?`, and the same in parentheses, `(language == .korean) ?`.
TERNARY_INLINE = re.compile(LANGUAGE_TEST + r"\s*\)?\s*\?(?=\s)")
TERNARY_OPEN = re.compile(LANGUAGE_TEST + r"\s*\)?\s*$")
NEXT_LINE_TERNARY = re.compile(r"^\s*\?(?=\s)")
BINDING = re.compile(
    r"\b(?:let|var)\s+(\w+)\s*=\s*(?:[^=\n]*?" + LANGUAGE_TEST + r"\)?|[\w.]*\bisKorean)\s*$", re.MULTILINE
)
COMPUTED_BINDING = re.compile(r"\bvar\s+(\w+)\s*:\s*Bool\s*\{\s*[^{}\n]*?" + LANGUAGE_TEST + r"\s*\}")
PARTICLE = re.compile(r"\((?:는|가|를|은|이|을|와|과|으)\)")
WON_SWIFT = re.compile(r"₩\\#*\(|\)원(?!가|래|인|하|본)|₩\"")
WON_JS = re.compile(r"\}원|₩\$\{")
TESTABLE = re.compile(r"^\s*@testable\s+import\s+(\w+)", re.MULTILINE)


def blank(view, start, end):
    for k in range(start, end):
        if view[k] != "\n":
            view[k] = " "


def mask_swift(text):
    """Two views of a Swift file, the same length, line for line: without comments, and without comments and
    string text (interpolated code kept)."""
    n = len(text)
    plain, code = list(text), list(text)
    stack = []  # ("string", hashes, multiline) or ("interpolation", parentheses open)
    i = 0
    while i < n:
        top = stack[-1] if stack else None
        if top is None or top[0] == "interpolation":
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                blank(plain, i, end), blank(code, i, end)
                i = end
            elif text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                blank(plain, i, j), blank(code, i, j)
                i = j
            elif text[i] in "#\"":
                hashes = 0
                while text.startswith("#", i + hashes):
                    hashes += 1
                if text.startswith('"', i + hashes):
                    multiline = text.startswith('"""', i + hashes)
                    if multiline and hashes:  # #""""# is one line (Swift's rule): a close on the same line makes it so
                        end = text.find("\n", i)
                        multiline = ('"' + "#" * hashes) not in text[i + hashes + 1 : n if end < 0 else end]
                    stack.append(("string", hashes, multiline))
                    i += hashes + (3 if multiline else 1)
                else:
                    i += max(hashes, 1)
            elif top is not None and text[i] == "(":
                stack[-1] = ("interpolation", top[1] + 1)
                i += 1
            elif top is not None and text[i] == ")":
                if top[1] == 0:
                    stack.pop()
                else:
                    stack[-1] = ("interpolation", top[1] - 1)
                i += 1
            else:
                i += 1
        else:
            _, hashes, multiline = top
            close = ('"""' if multiline else '"') + "#" * hashes
            if text.startswith(close, i):
                stack.pop()
                i += len(close)
            elif text[i] == "\\" and text.startswith("#" * hashes, i + 1):
                after = i + 1 + hashes
                if after < n and text[after] == "(":
                    stack.append(("interpolation", 0))
                    i = after + 1
                else:
                    blank(code, i, min(after + 1, n))
                    i = after + 1
            elif text[i] == "\n" and not multiline:
                stack.pop()  # an unclosed string: the compiler's problem, not this check's
                i += 1
            else:
                blank(code, i, i + 1)
                i += 1
    return "".join(plain), "".join(code)


def mask_js(text):
    """The page's script without comments (strings, template literals and regular expressions kept)."""
    n = len(text)
    plain = list(text)
    stack = []  # "template" or ("braces", depth)
    i, last = 0, ""  # last: the last code character, to tell a regular expression from a division
    while i < n:
        top = stack[-1] if stack else None
        if top == "template":
            if text[i] == "\\":
                i += 2
            elif text[i] == "`":
                stack.pop()
                i, last = i + 1, "`"
            elif text.startswith("${", i):
                stack.append(("braces", 0))
                i += 2
            else:
                i += 1
            continue
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(plain, i, end)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            blank(plain, i, end)
            i = end
        elif c in "'\"":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i, last = j + 1, c
        elif c == "`":
            stack.append("template")
            i += 1
        elif c == "/" and (last == "" or last in "(,=:[!&|?{};+-*%<>~^"):
            j, in_class = i + 1, False
            while j < n and text[j] != "\n" and (in_class or text[j] != "/"):
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    in_class = True
                elif text[j] == "]":
                    in_class = False
                j += 1
            i, last = j + 1, "/"
        elif c == "{" and top is not None:
            stack[-1] = ("braces", top[1] + 1)
            i, last = i + 1, c
        elif c == "}" and top is not None:
            if top[1] == 0:
                stack.pop()
            else:
                stack[-1] = ("braces", top[1] - 1)
            i, last = i + 1, c
        else:
            if not c.isspace():
                last = c
            i += 1
    return "".join(plain)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def is_message_file(path):
    if any(path.startswith(folder) for folder in NOT_MESSAGE_FOLDERS):
        return False
    return path == PARTICLE_HOME or os.path.basename(path).endswith(MESSAGE_SUFFIXES)


def ternaries(code):
    """(line, what) for each inline language ternary in a file's code view."""
    found = []
    names = {match.group(1) for match in BINDING.finditer(code)} | {m.group(1) for m in COMPUTED_BINDING.finditer(code)}
    names.add("isKorean")
    # A binding (`ko ?`), or the language test read off a text (`text.isKorean ?`).
    name_inline = re.compile(r"(?<![\w.])(" + "|".join(sorted(map(re.escape, names))) + r")\s*\?(?=\s)|(?<=\.)(isKorean)\s*\?(?=\s)")
    name_open = re.compile(r"(?<![\w.])(" + "|".join(sorted(map(re.escape, names))) + r")\s*$")
    lines = code.split("\n")
    for number, line in enumerate(lines, 1):
        for match in TERNARY_INLINE.finditer(line):
            found.append((number, f"inline language ternary `{' '.join(match.group(0).split())}`"))
        for match in name_inline.finditer(line):
            found.append((number, f"inline language ternary `{match.group(1) or match.group(2)} ?`"))
        match = TERNARY_OPEN.search(line) or name_open.search(line)
        if match:
            following = next((later for later in lines[number:] if later.strip()), "")
            if NEXT_LINE_TERNARY.match(following):
                what = " ".join(match.group(0).split())
                found.append((number, f"inline language ternary `{what}` with `?` on the next line"))
    return found


def scan(root):
    """{check: {file: [(line, what, fix)]}} for the tree at root."""
    results = {check: {} for check in CHECKS}

    def add(check, path, line, what, fix):
        results[check].setdefault(path, []).append((line, what, FIXES[fix]))

    files = []
    for top in ("Sources", "Tests"):
        for folder, subfolders, names in os.walk(os.path.join(root, top)):
            subfolders.sort()
            for name in names:
                path = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
                if name.endswith(".swift") or (name.endswith(".js") and path.startswith(PAGE_FOLDER + "/")):
                    files.append(path)
    for path in sorted(files):
        with open(os.path.join(root, path), encoding="utf-8") as source:
            text = source.read()
        if path.endswith(".js"):
            plain = mask_js(text)
            if path != PARTICLE_HOME:
                for match in PARTICLE.finditer(plain):
                    what = f"particle pair `{match.group(0)}` by hand"
                    add("particle", path, line_of(plain, match.start()), what, "particle-js")
            for match in WON_JS.finditer(plain) if path != MONEY_HOME_JS else ():
                add("won", path, line_of(plain, match.start()), f"money text `{match.group(0)}` by hand", "won-js")
            continue
        plain, code = mask_swift(text)
        if path.startswith("Tests/"):
            for match in TESTABLE.finditer(code):
                add("testable", path, line_of(code, match.start(1)), f"`@testable import {match.group(1)}`", "testable")
            continue
        if not is_message_file(path):
            for line, what in ternaries(code):
                add("ternary", path, line, what, "ternary")
        if path != PARTICLE_HOME:
            for match in PARTICLE.finditer(plain):
                what = f"particle pair `{match.group(0)}` by hand"
                add("particle", path, line_of(plain, match.start()), what, "particle")
        if path != MONEY_HOME:
            for match in WON_SWIFT.finditer(plain):
                what = f"money text `{' '.join(match.group(0).split())}` by hand"
                add("won", path, line_of(plain, match.start()), what, "won")
    for check in CHECKS:
        for found in results[check].values():
            found.sort()
    return results


def load(path):
    if not os.path.exists(path):
        return {check: {} for check in CHECKS}
    with open(path, encoding="utf-8") as source:
        stored = json.load(source)
    return {check: dict(stored.get(check, {})) for check in CHECKS}


def save(path, counts):
    body = {"about": "scripts/check-drift.py's ratchet: occurrences per (check, file) that later refactors remove. "
            "Lower it with `python3 scripts/check-drift.py --update`; never raise it."}
    for check in CHECKS:
        body[check] = {file: counts[check][file] for file in sorted(counts[check]) if counts[check][file] > 0}
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        json.dump(body, out, indent=2, ensure_ascii=False)
        out.write("\n")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail on a count above its baseline (the default)")
    parser.add_argument("--update", action="store_true", help="lower the baseline to the current counts")
    parser.add_argument("--allow-raise", action="store_true", help="with --update: write the counts as they are")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--baseline", help="default: ROOT/scripts/drift-baseline.json")
    options = parser.parse_args(argv)
    if options.allow_raise and not options.update:
        parser.error("--allow-raise goes with --update")
    if options.check and options.update:
        parser.error("--check and --update are two modes: choose one")
    root = os.path.abspath(options.root)
    baseline_path = options.baseline or os.path.join(root, "scripts", "drift-baseline.json")

    results = scan(root)
    baseline = load(baseline_path)
    counts = {check: {file: len(found) for file, found in results[check].items()} for check in CHECKS}
    raised, lowered = [], []
    for check in CHECKS:
        for file in sorted(set(counts[check]) | set(baseline[check])):
            now, allowed = counts[check].get(file, 0), baseline[check].get(file, 0)
            if now > allowed:
                raised.append((check, file, now, allowed))
            elif now < allowed:
                lowered.append((check, file, now, allowed))

    for check, file, now, allowed in raised:
        for line, what, fix in results[check][file]:
            print(f"{file}:{line}: {what}; {fix}")
        print(f"{file}: {now} {check} (baseline {allowed}): "
              + ("new in this file" if allowed == 0 else f"{now - allowed} more than the baseline"))
    for check, file, now, allowed in lowered:
        verb = "lowered" if options.update else "lower it with `python3 scripts/check-drift.py --update`"
        print(f"note: {file}: {now} {check}, baseline {allowed}: {verb}")

    if options.update:
        written = {}
        for check in CHECKS:
            files = set(counts[check]) | set(baseline[check])
            if options.allow_raise:
                written[check] = {file: counts[check].get(file, 0) for file in files}
            else:
                written[check] = {file: min(counts[check].get(file, 0), baseline[check].get(file, 0)) for file in files}
        save(baseline_path, written)
        print(f"drift: wrote {os.path.relpath(baseline_path, root)}")

    totals = ", ".join(f"{check} {sum(counts[check].values())} in {len(counts[check])} files" for check in CHECKS)
    failed = bool(raised) and not options.allow_raise
    print(f"drift: {totals}; {len(raised)} above the baseline, {len(lowered)} below")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
