#!/usr/bin/env bash
# Runs Schemathesis against a fresh `juice serve` on a free loopback port, with the staff token, every check on:
# no server error, no response outside the OpenAPI document. Usage: scripts/schemathesis.sh SCHEMATHESIS JUICE
set -euo pipefail
schemathesis=$1
juice=$(realpath "$2")
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
SWIFT_BACKTRACE=enable=no LOG_LEVEL=warning JUICE_STAFF_TOKEN=schemathesis-token-7c2f9a1e5b3d8f60 \
    "$juice" serve --port 0 --state "$work/state.sqlite" > "$work/out" 2> "$work/err" &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$work/out" && break; sleep 0.1; done
port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/out")
[ -n "$port" ] || { echo "juice serve did not start"; cat "$work/err"; exit 1; }
"$schemathesis" run "http://127.0.0.1:$port/openapi.yaml" --checks all --exclude-path /api/events \
    -H "Authorization: Bearer schemathesis-token-7c2f9a1e5b3d8f60" --max-examples 50 --seed 1
