#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each for SECONDS (default 60),
# seeded with recipes/ and the test fixtures. A crash leaves its input in .build-fuzz/artifacts/ and fails.
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=.build-fuzz
mkdir -p "$build/artifacts" "$build/corpus-recipes" "$build/corpus-engine" "$build/corpus-orders" "$build/corpus-lists" \
    "$build/corpus-histories" "$build/corpus-lsp" "$build/corpus-menu-edits" "$build/CFileExchange"
export SWIFT_BACKTRACE=enable=no

flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name JuiceMaker)
# ld.gold warns about ASan's local symbols; that noise is not ours.
quiet() { "$@" 2>&1 | { grep -v "Cannot export local symbol" || true; }; }
sources() {  # name, files…: a module of just these files
    local name=$1; shift
    quiet swiftc "${flags[@]}" -wmo -c -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
        -I Sources/CYAML -I "$build" -I "$build/CFileExchange" "$@" -o "$build/$name.o"
}
module() {  # name: every Swift file of Sources/name
    sources "$1" $(find Sources/"$1" -name '*.swift' | sort)
}
module JuiceYAML
module JuiceCore
module JuiceRecipes
module JuiceFileReading
module JuiceSimulation
module JuiceRecipeText
# The editor server's protocol layer only (framing, JSON-RPC, the params): the server and its analysis are not fuzzed here.
sources JuiceLSP Sources/JuiceLSP/Protocol/*.swift
module JuiceReload
# CFileExchange (C) as SwiftPM makes it: its header as a module, its one file compiled.
printf 'module CFileExchange {\n    header "%s/Sources/CFileExchange/include/CFileExchange.h"\n    export *\n}\n' "$PWD" \
    >"$build/CFileExchange/module.modulemap"
clang -O -c Sources/CFileExchange/exchange.c -I Sources/CFileExchange/include -o "$build/CFileExchange.o"
module JuiceMenuEditing
# The sales-history reader without the rest of JuicePlanning (which needs the shop: GRDB, swift-log…): its files, named
# here, compiled as a JuicePlanning of their own. A file gone from the list fails the build, saying which.
history=()
for file in History/SaleRecord History/CSVFields History/FlatJSONObject History/HistoryReader History/HistoryReader+Chunks \
    Compute/ParallelWork Compute/ComputeThreads; do
    history+=("Sources/JuicePlanning/$file.swift")
    [ -f "${history[-1]}" ] || { echo "fuzz.sh: ${history[-1]} is gone; update the history reader's list here" >&2; exit 1; }
done
sources JuicePlanning "${history[@]}"
objects=("$build/JuiceYAML.o" "$build/JuiceCore.o" "$build/JuiceRecipes.o")
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/RecipeFuzzer.swift "${objects[@]}" -lyaml -o "$build/fuzz-recipes"
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/EngineFuzzer.swift "${objects[@]}" -lyaml -o "$build/fuzz-engine"
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/OrderFileFuzzer.swift "${objects[@]}" "$build/JuiceFileReading.o" \
    "$build/JuiceSimulation.o" -lyaml \
    -o "$build/fuzz-orders"
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/YAMLListFuzzer.swift "$build/JuiceYAML.o" -lyaml -o "$build/fuzz-lists"
quiet swiftc "${flags[@]}" -I "$build" scripts/fuzz/HistoryFuzzer.swift "$build/JuiceCore.o" "$build/JuiceFileReading.o" \
    "$build/JuicePlanning.o" -o "$build/fuzz-histories"
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/LSPFramingFuzzer.swift "${objects[@]}" "$build/JuiceRecipeText.o" \
    "$build/JuiceLSP.o" -lyaml -o "$build/fuzz-lsp"
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML -I "$build/CFileExchange" scripts/fuzz/MenuEditFuzzer.swift "${objects[@]}" \
    "$build/JuiceRecipeText.o" "$build/JuiceReload.o" "$build/CFileExchange.o" "$build/JuiceMenuEditing.o" -lyaml -o "$build/fuzz-menu-edits"

# Seed corpus: the default recipes and every YAML fixture of the tests.
find recipes Tests -name '*.yaml' -o -name '*.yml' | while read -r file; do
    cp "$file" "$build/corpus-recipes/$(echo "$file" | tr '/' '_')"
done
printf '\x00\x01\x02\x03' > "$build/corpus-engine/seed"
# Order files: the test fixtures, each behind a first byte that picks a small chunk size (and CSV or JSON Lines).
for file in Tests/JuiceSimulationTests/Fixtures/*.csv; do { printf '\x05'; cat "$file"; } > "$build/corpus-orders/$(basename "$file")"; done
cp Tests/JuiceSimulationTests/Fixtures/orders.yaml "$build/corpus-lists/"
printf -- '- a\n- {juice: b, count: 2}\n- [c, {d: e}]\n' > "$build/corpus-lists/shapes.yaml"
for file in Tests/JuiceSimulationTests/Fixtures/*.jsonl; do { printf '\x43'; cat "$file"; } > "$build/corpus-orders/$(basename "$file")"; done
# Sales histories: a first byte that picks a chunk size, the format and the workers, then a CSV or JSON Lines history.
printf '\x03time,juice,count,result\n2026-11-20T09:15,banana-juice,2,served\n2026-11-20T09:16,"딸기, 주스",1,REFUSED\n\n2026-11-21 10:00,kiwi-juice,3,\n' \
    >"$build/corpus-histories/sales.csv"
printf '\x85\xef\xbb\xbfjuice , count,time\r\nmango-juice,1,2026-11-20T09:15:30\r\n"a ""b""",0,2026-02-30T09:15\r\nx,2\r\n' \
    >"$build/corpus-histories/crlf.csv"
printf '\x47{"time": "2026-11-20T09:15", "juice": "banana-juice", "count": 2}\n{"juice":"\\u0041 \\"q\\"","count":"3","time":"2026-11-21T10:00","result":"refused"}\nnot json\n{}\n' \
    >"$build/corpus-histories/sales.jsonl"
# The editor server: two bytes that pick where the input is cut, then frames as editors write them (and garbage).
frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
{
    printf '\x00\x30'
    frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file:///tmp/a%20b","capabilities":{}}}'
    frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/juices.yaml","languageId":"yaml","version":1,"text":"version: 1\n"}}}'
    printf 'Content-Type: application/vscode-jsonrpc; charset=utf-8\nContent-Length: 2\n\n{}'
} >"$build/corpus-lsp/session"
{
    printf '\x01\x00garbage\r\n\r\n'
    frame '{"jsonrpc":"2.0","id":"x","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.yaml"},"position":{"line":0,"character":3}}}'
    printf 'Content-Length: -5\r\n\r\nContent-Length: 99999999999\r\n\r\n'
    frame '{"jsonrpc":"2.0","id":[1],"result":null}'
    frame '[1,2'
} >"$build/corpus-lsp/garbage"
# Menu edits: edit bytes, a NUL, then the files of a recipe set separated by 0x01 (fruits, juices, store, more).
menu_seed() {  # name, edit bytes (printf format), files…
    local name=$1 edit=$2; shift 2
    {
        printf "$edit\x00"
        local first=1
        for file in "$@"; do
            [ $first -eq 1 ] || printf '\x01'
            first=0
            cat "$file"
        done
    } >"$build/corpus-menu-edits/$name"
}
menu_seed default-price '\x00\x00\x01\x05' recipes/fruits.yaml recipes/juices.yaml recipes/store.yaml
menu_seed default-add-fruit '\x07\xff\x03\x01\x10\x01\x2a\x01\x06\x01\x04' recipes/fruits.yaml recipes/juices.yaml recipes/store.yaml
menu_seed diff-recipe '\x03\x00\x01\x02\x00\x07\xff\x03\x09' Tests/JuiceCLITests/Fixtures/diff/old/{fruits,juices,store}.yaml
menu_seed diff-new-juice '\x05\xff\x00\x01\x02\x01\x03\x01\x01\x00\x04' Tests/JuiceCLITests/Fixtures/diff/new/{fruits,juices,store}.yaml
golden=Tests/JuiceMenuEditingTests/Fixtures/golden
for set in "$golden"/*/juices.yaml; do
    menu_seed "golden-$(basename "$(dirname "$set")")" '\x04\x01\x02\x01\x01\x08\x01\x01\x03\x01\x02\x01\x06' \
        "$golden/fruit-fields/fruits.yaml" "$set" "$golden/fruit-fields/store.yaml"
done
menu_seed golden-fruit '\x08\x01\x01\x01\x01\x11\x01\x04\x01\x08' "$golden/fruit-flow-entry/fruits.yaml" "$golden/price-flow-entry/juices.yaml" \
    "$golden/fruit-flow-entry/store.yaml"
for file in Tests/JuiceRecipesTests/Fixtures/menus/*.yaml; do menu_seed "menus-$(basename "$file")" '\x02\x00\x02\x07\x30' "$file"; done

common=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$build/artifacts/")
echo "fuzzing the recipe loader for ${seconds}s"
"$build/fuzz-recipes" "${common[@]}" -max_len=65536 -dict=scripts/fuzz/yaml.dict "$build/corpus-recipes" 2>&1 | tail -n 12
echo "fuzzing the engine for ${seconds}s"
"$build/fuzz-engine" "${common[@]}" -max_len=4096 "$build/corpus-engine" 2>&1 | tail -n 12
echo "fuzzing order files (chunked against line by line) for ${seconds}s"
"$build/fuzz-orders" "${common[@]}" -max_len=4096 "$build/corpus-orders" 2>&1 | tail -n 12
echo "fuzzing YAML lists (item by item against the whole tree) for ${seconds}s"
"$build/fuzz-lists" "${common[@]}" -max_len=4096 -dict=scripts/fuzz/yaml.dict "$build/corpus-lists" 2>&1 | tail -n 12
echo "fuzzing sales histories (chunked against line by line) for ${seconds}s"
"$build/fuzz-histories" "${common[@]}" -max_len=4096 "$build/corpus-histories" 2>&1 | tail -n 12
echo "fuzzing the editor server's framing (cut in two against whole) for ${seconds}s"
"$build/fuzz-lsp" "${common[@]}" -max_len=16384 "$build/corpus-lsp" 2>&1 | tail -n 12
echo "fuzzing menu edits (accepted edits read back, refused ones for what they mean) for ${seconds}s"
"$build/fuzz-menu-edits" "${common[@]}" -max_len=16384 -dict=scripts/fuzz/yaml.dict "$build/corpus-menu-edits" 2>&1 | tail -n 12
echo "fuzzing: no crash, hang or leak found"
