#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each for SECONDS (default 60),
# seeded with recipes/ and the test fixtures. A crash leaves its input in .build-fuzz/artifacts/ and fails.
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=.build-fuzz
mkdir -p "$build/artifacts" "$build/corpus-recipes" "$build/corpus-engine" "$build/corpus-orders" "$build/corpus-lists"
export SWIFT_BACKTRACE=enable=no

flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name JuiceMaker)
# ld.gold warns about ASan's local symbols; that noise is not ours.
quiet() { "$@" 2>&1 | { grep -v "Cannot export local symbol" || true; }; }
module() {  # name, extra flags…
    local name=$1; shift
    quiet swiftc "${flags[@]}" -wmo -c -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
        -I Sources/CYAML -I "$build" "$@" Sources/"$name"/*.swift -o "$build/$name.o"
}
module JuiceYAML
module JuiceCore
module JuiceRecipes
module JuiceSimulation
objects=("$build/JuiceYAML.o" "$build/JuiceCore.o" "$build/JuiceRecipes.o")
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/RecipeFuzzer.swift "${objects[@]}" -lyaml -o "$build/fuzz-recipes"
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/EngineFuzzer.swift "${objects[@]}" -lyaml -o "$build/fuzz-engine"
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/OrderFileFuzzer.swift "${objects[@]}" "$build/JuiceSimulation.o" -lyaml \
    -o "$build/fuzz-orders"
quiet swiftc "${flags[@]}" -I "$build" -I Sources/CYAML scripts/fuzz/YAMLListFuzzer.swift "$build/JuiceYAML.o" -lyaml -o "$build/fuzz-lists"

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

common=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$build/artifacts/")
echo "fuzzing the recipe loader for ${seconds}s"
"$build/fuzz-recipes" "${common[@]}" -max_len=65536 -dict=scripts/fuzz/yaml.dict "$build/corpus-recipes" 2>&1 | tail -n 12
echo "fuzzing the engine for ${seconds}s"
"$build/fuzz-engine" "${common[@]}" -max_len=4096 "$build/corpus-engine" 2>&1 | tail -n 12
echo "fuzzing order files (chunked against line by line) for ${seconds}s"
"$build/fuzz-orders" "${common[@]}" -max_len=4096 "$build/corpus-orders" 2>&1 | tail -n 12
echo "fuzzing YAML lists (item by item against the whole tree) for ${seconds}s"
"$build/fuzz-lists" "${common[@]}" -max_len=4096 -dict=scripts/fuzz/yaml.dict "$build/corpus-lists" 2>&1 | tail -n 12
echo "fuzzing: no crash, hang or leak found"
