#!/usr/bin/env python3
"""Writes `package` for `public` in the targets no product exports (see Package.swift's products): what no client
outside the package may use says so. Usage: scripts/package-access.py [--check]; --check lists what it would change
and exits 1 if anything."""

import glob
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The targets of the package's library products keep `public`; every other target's API is the package's own.
internal_targets = [
    "JuiceFileReading", "JuiceReload", "JuiceSimulation", "JuicePlanning", "JuiceRecipeText", "JuiceMenuEditing",
    "JuiceLSP", "JuiceServer", "JuiceCommandLine", "juice", "juice-bench",
]
DECLARATION = re.compile(r"^(\s*(?:@\w+(?:\([^)]*\))?\s+)*)public(?=\s)", re.MULTILINE)

changed = []
for target in internal_targets:
    for path in sorted(glob.glob(os.path.join(root, "Sources", target, "**", "*.swift"), recursive=True)):
        with open(path, encoding="utf-8") as source:
            text = source.read()
        new = DECLARATION.sub(lambda match: match.group(1) + "package", text)
        if new != text:
            changed.append(os.path.relpath(path, root))
            if "--check" not in sys.argv:
                with open(path, "w", encoding="utf-8") as source:
                    source.write(new)
for path in changed:
    print(("public in a target no product exports: " if "--check" in sys.argv else "package access: ") + path)
sys.exit(1 if changed and "--check" in sys.argv else 0)
