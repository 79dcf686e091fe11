#!/usr/bin/env python3
"""Checks that every target's imports and its declared dependencies in Package.swift agree: each module a target
imports is declared (no undeclared dependency that only builds because another target brought it in), and each
dependency declared is imported (none left unused). C and system modules a target reaches only through a Swift module
are not imports of it. Usage: scripts/check-dependencies.py (from anywhere in the checkout); exits 1 on a finding.
Benchmark targets (added only with JUICE_BENCHMARKS=1) are checked when that is set."""

import glob
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True, capture_output=True, text=True).stdout)
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_implementationOnly\s+|(?:public|package|internal|private|fileprivate)\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|typealias)\s+)?(\w+)")


def declared(target):
    """The module names a target declares: other targets by name, products by their name (each product here is one
    module of the same name)."""
    names = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        names.add(value[0])
    return names


def source_folder(target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    return os.path.join(root, "Tests" if target["type"] == "test" else "Sources", target["name"])


targets = {target["name"]: target for target in manifest["targets"]}
known = set(targets) | {name for target in targets.values() for name in declared(target)}
findings = []
for name, target in sorted(targets.items()):
    if target["type"] in ("system", "binary"):
        continue
    imports = set()
    for path in glob.glob(os.path.join(source_folder(target), "**", "*.swift"), recursive=True):
        with open(path, encoding="utf-8") as source:
            for line in source:
                match = IMPORT.match(line)
                if match and match.group(1) in known and match.group(1) != name:
                    imports.add(match.group(1))
    wanted = declared(target)
    for module in sorted(imports - wanted):
        findings.append(f"{name}: imports {module} but does not declare it in Package.swift")
    for module in sorted(wanted - imports):
        findings.append(f"{name}: declares {module} in Package.swift but never imports it")

for finding in findings:
    print(finding)
print(f"dependencies: {len(targets)} targets checked, {len(findings)} findings")
sys.exit(1 if findings else 0)
