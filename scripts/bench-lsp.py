#!/usr/bin/env python3
"""Benchmark of `juice lsp` through the protocol, with no client debounce (issue 20 §3).

    swift build -c release --product juice
    python3 scripts/bench-lsp.py .build/release/juice            # default: .build/release/juice, else .build/debug/juice
    python3 scripts/bench-lsp.py JUICE --samples 400 --seed 7 --keep /tmp/bench-set --json out.json

Generates a 1,000-juice recipe set (fixed seed; Korean and English names, aliases, 2–4 fruits a recipe, prices, the
shape of Sources/juice-bench/MenuGenerator.swift) split over fruits.yaml, ten juices-NN.yaml files and store.yaml,
starts `juice lsp --recipes SET` with a plain client (no pygls, no debounce: every change is sent at once) and measures
(≥ 200 samples each, p50/p95/max in ms):

  - didChange → publishDiagnostics of the edited file (a recipe edit that adds or removes an unknown fruit, so the
    diagnostics change every time), matched by document version;
  - didChange of fruits.yaml (a fruit id renamed, then back) → publishDiagnostics of every other file that uses it
    (the time to the last of them);
  - didOpen → first publishDiagnostics of that document (close and reopen);
  - completion and hover requests (fruit ids in recipes, juice and fruit ids).

Also: start → initialize answered → first diagnostics of the whole set, and the server's peak RSS. Goals from the
issue: 50 ms / 100 ms / 150 ms / 30 ms at p95. Exit status 0 always (figures, not a test) unless the server fails.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lsp"))

from rawlsp import RawClient  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[1]
JUICE_FILES = 10
KO_FRUITS = ["딸기", "바나나", "파인애플", "키위", "망고", "사과", "배", "포도", "복숭아", "자두", "레몬", "라임", "오렌지", "귤", "수박", "참외",
             "멜론", "체리", "블루베리", "석류", "감", "유자", "무화과", "코코넛", "용과", "리치", "패션후르츠", "구아바", "살구", "매실"]
EN_FRUITS = ["Strawberry", "Banana", "Pineapple", "Kiwi", "Mango", "Apple", "Pear", "Grape", "Peach", "Plum", "Lemon", "Lime", "Orange",
             "Tangerine", "Watermelon", "Korean Melon", "Melon", "Cherry", "Blueberry", "Pomegranate", "Persimmon", "Yuzu", "Fig",
             "Coconut", "Dragon Fruit", "Lychee", "Passion Fruit", "Guava", "Apricot", "Green Plum"]
EMOJI = ["🍓", "🍌", "🍍", "🥝", "🥭", "🍎", "🍐", "🍇", "🍑", "🫐", "🍋", "🍈", "🍊", "🍉", "🍒", "🥥"]


def generate(root: pathlib.Path, juices: int = 1000, fruits: int = 60, seed: int = 20) -> dict:
    """Writes the set; returns what the benchmark needs to know about it."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    fruit_ids = [f"fruit-{i}" for i in range(fruits)]
    out = ["# yaml-language-server: $schema=../docs/recipe-schema.json", f"# {fruits} fruits for the benchmark (쥬스 메이커)", "version: 1", "fruits:"]
    for i, fid in enumerate(fruit_ids):
        ko = KO_FRUITS[i % len(KO_FRUITS)] + (str(i // len(KO_FRUITS)) if i >= len(KO_FRUITS) else "")
        en = EN_FRUITS[i % len(EN_FRUITS)] + (f" {i // len(EN_FRUITS)}" if i >= len(EN_FRUITS) else "")
        out += [f"  {fid}:", f"    name: {{ko: {ko}, en: {en}}}", f"    emoji: {EMOJI[i % len(EMOJI)]}"]
    (root / "fruits.yaml").write_text("\n".join(out) + "\n", encoding="utf-8")
    uses: dict[str, set[str]] = {fid: set() for fid in fruit_ids}
    recipe_lines: list[tuple[str, int, str]] = []  # (file, 0-based line, fruit) of each recipe's first fruit
    juice_lines: list[tuple[str, int, str]] = []  # (file, 0-based line, juice id) of each juice's key
    per_file = juices // JUICE_FILES
    for f in range(JUICE_FILES):
        name = f"juices-{f:02d}.yaml"
        lines = ["# yaml-language-server: $schema=../docs/recipe-schema.json", "version: 1", "juices:"]
        for j in range(f * per_file, (f + 1) * per_file):
            picked = rng.sample(fruit_ids, rng.randint(2, 4))
            recipe = ", ".join(f"{fid}: {rng.randint(1, 4)}" for fid in picked)
            juice_lines.append((name, len(lines), f"juice-{j}"))
            lines += [f"  juice-{j}:", f"    name: {{ko: 쥬스{j}호, en: Juice No {j}}}"]
            if j % 3 == 0:
                lines.append(f"    aliases: [주스{j}호, 과일주스{j}]")
            lines.append(f"    price: {3000 + j % 50 * 100}")
            recipe_lines.append((name, len(lines), picked[0]))
            lines.append(f"    recipe: {{{recipe}}}")
            for fid in picked:
                uses[fid].add(name)
        (root / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    # The last fruit has no stock entry: a missing-stock warning, and exceeds-initial-stock in the juices using it, so
    # the set has diagnostics to push at start.
    store = ["version: 1", "store:", "  capacity: 1000", "  stock:"] + [f"    {fid}: 500" for fid in fruit_ids[:-1]]
    (root / "store.yaml").write_text("\n".join(store) + "\n", encoding="utf-8")
    for fid in fruit_ids[:-1]:
        uses[fid].add("store.yaml")
    return {"fruits": fruit_ids, "uses": uses, "recipe_lines": recipe_lines, "juice_lines": juice_lines}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


class Bench:
    def __init__(self, juice: str, root: pathlib.Path, info: dict, samples: int, seed: int):
        self.juice, self.root, self.info, self.samples = juice, root, info, samples
        self.rng = random.Random(seed)
        self.results: dict[str, list[float]] = {}
        env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
        t0 = time.monotonic()
        self.client = RawClient([juice, "lsp", "--recipes", str(root)], env=env)
        result = self.client.initialize(self.uri("fruits.yaml").rsplit("/", 1)[0])
        t1 = time.monotonic()
        self.encoding = (result.get("capabilities") or {}).get("positionEncoding", "utf-16")
        files = [p.name for p in sorted(root.glob("*.yaml"))]
        # The files with findings (juice lint) are pushed at start; clean ones need not be.
        findings = json.loads(subprocess.run([juice, "lint", "--format", "json", str(root)], capture_output=True, text=True, env=env).stdout)
        with_findings = {os.path.basename(f["file"]) for f in findings}
        seen: set[str] = set()
        index = 0
        t2 = float("nan")
        while not with_findings <= seen:
            when, message, index = self.client.wait_notification(self.is_publish, since=index, timeout=60)
            if message["params"]["diagnostics"]:
                seen.add(message["params"]["uri"].rsplit("/", 1)[1])
            index += 1
            t2 = when
        self.startup = (t1 - t0) * 1000, (t2 - t0) * 1000, len(with_findings)
        self.texts = {name: (root / name).read_text(encoding="utf-8") for name in files}
        self.versions: dict[str, int] = {}
        self.empty: dict[str, int] = {}  # answers without the expected content (a fruit offered, a hover)

    def uri(self, name: str) -> str:
        return (self.root / name).resolve().as_uri()

    @staticmethod
    def is_publish(message: dict) -> bool:
        return message.get("method") == "textDocument/publishDiagnostics"

    def publish_for(self, name: str, version: int | None = None):
        target = self.uri(name)

        def match(message: dict) -> bool:
            if not self.is_publish(message) or message["params"]["uri"] != target:
                return False
            return version is None or message["params"].get("version") == version

        return match

    def record(self, metric: str, ms: float) -> None:
        self.results.setdefault(metric, []).append(ms)

    def open(self, name: str) -> float:
        version = self.versions.get(name, 0) + 1
        self.versions[name] = version
        mark = self.client.mark()
        sent = time.monotonic()
        self.client.notify("textDocument/didOpen", {"textDocument": {"uri": self.uri(name), "languageId": "yaml", "version": version, "text": self.texts[name]}})
        when, _, _ = self.client.wait_notification(self.publish_for(name, version), since=mark)
        return (when - sent) * 1000

    def change(self, name: str, text: str) -> tuple[float, int, int]:
        version = self.versions[name] + 1
        self.versions[name] = version
        self.texts[name] = text
        mark = self.client.mark()
        sent = time.monotonic()
        self.client.notify("textDocument/didChange", {"textDocument": {"uri": self.uri(name), "version": version}, "contentChanges": [{"text": text}]})
        return sent, version, mark

    def position(self, name: str, line: int, column_text: str) -> dict:
        text_line = self.texts[name].split("\n")[line]
        index = text_line.index(column_text) + 1
        prefix = text_line[:index]
        units = len(prefix.encode("utf-16-le")) // 2 if self.encoding == "utf-16" else len(prefix.encode()) if self.encoding == "utf-8" else len(prefix)
        return {"line": line, "character": units}

    def run(self) -> None:
        n = self.samples
        juice_files = [f"juices-{f:02d}.yaml" for f in range(JUICE_FILES)]
        # Open → first diagnostics (close and reopen).
        for i in range(n):
            name = juice_files[i % len(juice_files)]
            if i >= len(juice_files):
                self.client.notify("textDocument/didClose", {"textDocument": {"uri": self.uri(name)}})
            self.record("didOpen → diagnostics", self.open(name))
        self.open("fruits.yaml")
        # didChange → diagnostics of the edited file: break a recipe's first fruit, then repair it.
        for i in range(n):
            name, line, fruit = self.rng.choice([r for r in self.info["recipe_lines"]])
            lines = self.texts[name].split("\n")
            broken = lines[line].replace(f"{{{fruit}:", f"{{{fruit}x:", 1)
            for replacement in (broken, lines[line].replace(f"{{{fruit}x:", f"{{{fruit}:", 1)):
                new_lines = list(lines)
                new_lines[line] = replacement
                sent, version, mark = self.change(name, "\n".join(new_lines))
                when, _, _ = self.client.wait_notification(self.publish_for(name, version), since=mark)
                self.record("didChange → edited file", (when - sent) * 1000)
                lines = new_lines
                if len(self.results["didChange → edited file"]) >= n:
                    break
            if len(self.results["didChange → edited file"]) >= n:
                break
        # didChange of fruits.yaml → every other file using the fruit.
        count = 0
        while count < n:
            fruit = self.rng.choice(self.info["fruits"])
            affected = sorted(self.info["uses"][fruit])
            original = self.texts["fruits.yaml"]
            renamed = re.sub(rf"^  {re.escape(fruit)}:", f"  {fruit}-gone:", original, count=1, flags=re.M)
            for text in (renamed, original):
                sent, version, mark = self.change("fruits.yaml", text)
                last = sent
                for name in affected:
                    when, _, _ = self.client.wait_notification(self.publish_for(name), since=mark)
                    last = max(last, when)
                self.record("didChange → other files", (last - sent) * 1000)
                self.record_files(len(affected))
                count += 1
        # Completion in recipes, hover on juice ids and fruit ids.
        for i in range(n):
            name, line, fruit = self.rng.choice(self.info["recipe_lines"])
            if name not in self.versions:
                self.open(name)
            position = self.position(name, line, "{")
            request_id, sent = self.client.request_async("textDocument/completion", {"textDocument": {"uri": self.uri(name)}, "position": position})
            when, message = self.client.response(request_id)
            assert "error" not in message, message
            assert "result" in message, message
            items = (message["result"] or {}).get("items", []) if isinstance(message["result"], dict) or message["result"] is None else message["result"]
            if not any(item["label"] == fruit for item in items):
                self.empty["completion"] = self.empty.get("completion", 0) + 1
            self.record("completion", (when - sent) * 1000)
        for i in range(n):
            if i % 2:
                name, line, _ = self.rng.choice(self.info["recipe_lines"])
                column_text = "{"  # the first fruit of a recipe
            else:
                name, line, _ = self.rng.choice(self.info["juice_lines"])
                column_text = "j"  # a juice id
            if name not in self.versions:
                self.open(name)
            position = self.position(name, line, column_text)
            request_id, sent = self.client.request_async("textDocument/hover", {"textDocument": {"uri": self.uri(name)}, "position": position})
            when, message = self.client.response(request_id)
            assert "error" not in message, (position, message)
            if not message.get("result"):
                self.empty["hover"] = self.empty.get("hover", 0) + 1
            self.record("hover", (when - sent) * 1000)

    def record_files(self, count: int) -> None:
        self.results.setdefault("_affected", []).append(count)


GOALS = {"didChange → edited file": 50, "didChange → other files": 100, "didOpen → diagnostics": 150, "completion": 30, "hover": 30}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("juice", nargs="?", default=None)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--juices", type=int, default=1000)
    parser.add_argument("--keep", help="write the generated set here and keep it")
    parser.add_argument("--json", help="also write the figures as JSON to this file")
    args = parser.parse_args()
    juice = args.juice or next((str(p) for p in (REPO / ".build/release/juice", REPO / ".build/debug/juice") if p.exists()), None)
    if not juice:
        print("bench-lsp: no juice binary; build one (swift build -c release --product juice)", file=sys.stderr)
        return 2
    juice = str(pathlib.Path(juice).resolve())
    scratch = pathlib.Path(args.keep) if args.keep else pathlib.Path(tempfile.mkdtemp(prefix="juice-bench-lsp-"))
    root = scratch / "recipes"
    if root.exists():
        shutil.rmtree(root)
    info = generate(root, juices=args.juices, seed=args.seed)
    size = sum(p.stat().st_size for p in root.glob("*.yaml"))
    lint = subprocess.run([juice, "lint", str(root)], capture_output=True, text=True, env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    print(f"set: {args.juices} juices, {len(info['fruits'])} fruits, {len(list(root.glob('*.yaml')))} files, {size / 1024:.0f} KiB "
          f"(juice lint exit {lint.returncode}); binary {juice}")
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores (figures are noisy above ~1 per core)")
    bench = Bench(juice, root, info, args.samples, args.seed)
    try:
        bench.run()
        rss = bench.client.peak_rss_kib()
    finally:
        bench.client.shutdown()
        bench.client.kill()
    print(f"start → initialize answered {bench.startup[0]:.0f} ms, → diagnostics of the {bench.startup[2]} files with findings {bench.startup[1]:.0f} ms; "
          f"peak RSS {rss / 1024 if rss else float('nan'):.0f} MiB; encoding {bench.encoding}")
    affected = bench.results.pop("_affected", [])
    if affected:
        print(f"a fruit rename in fruits.yaml re-publishes {statistics.mean(affected):.1f} other files on average")
    header = f"{'measure':<26} {'samples':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'goal p95':>9}  "
    print(header)
    print("-" * len(header))
    figures = {}
    for metric, values in bench.results.items():
        p50, p95, worst = percentile(values, 50), percentile(values, 95), max(values)
        goal = GOALS.get(metric)
        verdict = "ok" if goal and p95 <= goal else "over" if goal else ""
        empty = bench.empty.get(metric)
        note = f"  ({empty} answers empty or without the expected item)" if empty else ""
        print(f"{metric:<26} {len(values):>7} {p50:>8.1f} {p95:>8.1f} {worst:>8.1f} {goal or '':>9}  {verdict}{note}")
        figures[metric] = {"samples": len(values), "p50": p50, "p95": p95, "max": worst, "goal_p95": goal}
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps({"binary": juice, "startup_ms": bench.startup, "peak_rss_kib": rss, "figures": figures}, indent=2))
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
