#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (with LeakSanitizer) and, unless told "address", ThreadSanitizer.
# Usage: scripts/sanitize.sh [address|thread|all]   (default all; CI runs address)
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
export SWIFT_BACKTRACE=enable=no
if [ "$which" = address ] || [ "$which" = all ]; then
    echo "swift test --sanitize=address (leak detection on)"
    ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions="$PWD/scripts/lsan.supp" swift test --sanitize=address --scratch-path .build-asan
fi
if [ "$which" = thread ] || [ "$which" = all ]; then
    # The disk-full test limits the file size of a child process, which ThreadSanitizer's runtime itself cannot
    # survive (it dies with DEADLYSIGNAL); that behaviour is covered by the plain and address runs.
    echo "swift test --sanitize=thread"
    swift test --sanitize=thread --scratch-path .build-tsan --skip diskFull
fi
