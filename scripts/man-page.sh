#!/usr/bin/env bash
# Writes docs/man/juice.1 from the commands' help, with swift-argument-parser's generate-manual plugin (it builds
# `juice` in release mode first). With --check, writes nothing and fails when the committed page is not current
# (the date line aside). Install the page with: install -m 644 docs/man/juice.1 /usr/local/share/man/man1/
set -euo pipefail
cd "$(dirname "$0")/.."
swift package plugin generate-manual --authors "JuiceMaker contributors" >/dev/null
generated=.build/plugins/GenerateManual/outputs/juice/juice.1
if [ "${1:-}" = "--check" ]; then
    if ! diff <(grep -v '^\.Dd ' "$generated") <(grep -v '^\.Dd ' docs/man/juice.1); then
        echo "docs/man/juice.1 is not current: run scripts/man-page.sh and commit it" >&2
        exit 1
    fi
else
    cp "$generated" docs/man/juice.1
fi
