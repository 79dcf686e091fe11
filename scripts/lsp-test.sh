#!/usr/bin/env bash
# The editor server's tests against a built `juice`: pytest-lsp protocol tests (every feature of `juice lsp`, the
# recorded Neovim/Emacs/VS Code handshakes, a fuzz test against `juice lint`), then Neovim and Emacs + eglot headless.
#
#   bash scripts/lsp-test.sh [JUICE]          # default .build/debug/juice; needs nvim, emacs, elpa-eglot, python3-venv
#   PYTEST_ARGS="-k hover" bash scripts/lsp-test.sh .build/debug/juice
#
# Creates the venv .build/venv-lsp (pytest-lsp, pinned) when missing. Prints a summary; exits 1 if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
juice=$(realpath "${1:-.build/debug/juice}")
export JUICE="$juice" SWIFT_BACKTRACE=enable=no LANG=C.UTF-8 PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the checkout
venv=.build/venv-lsp
results=()
failed=0
started=$SECONDS

record() { # name status seconds detail
    results+=("$(printf '%-34s %-5s %4ss  %s' "$1" "$2" "$3" "$4")")
    [ "$2" = "ok" ] || failed=1
}

if [ ! -x "$juice" ]; then
    echo "lsp-test: no juice binary at $juice" >&2
    exit 2
fi
if ! "$juice" lsp --help >/dev/null 2>&1; then
    echo "lsp-test: $juice has no 'lsp' command" >&2
    exit 1
fi
if [ ! -x "$venv/bin/pytest" ] || ! "$venv/bin/python" -c "import pytest_lsp" 2>/dev/null; then
    python3 -m venv "$venv" && "$venv/bin/pip" install -q "pytest-lsp==1.0.1" "pygls==2.1.1" "pytest==9.2.0" \
        "pytest-asyncio==1.5.0" || { echo "lsp-test: cannot create $venv" >&2; exit 2; }
fi

# 1. pytest-lsp: the protocol, the recorded clients, the fuzz test.
for suite in protocol lifecycle clients fuzz; do
    t0=$SECONDS
    log=$(mktemp)
    # shellcheck disable=SC2086
    (cd scripts/lsp && "../../$venv/bin/pytest" -q -p no:randomly "test_$suite.py" ${PYTEST_ARGS:-}) >"$log" 2>&1
    status=$?
    cat "$log"
    summary=$(grep -E "^(=+ )?[0-9]+ (passed|failed|error)|[0-9]+ (passed|failed)" "$log" | tail -1 | sed 's/=//g; s/^ *//; s/ *$//')
    [ "$status" -eq 0 ] && record "pytest-lsp: $suite" ok $((SECONDS - t0)) "$summary" || record "pytest-lsp: $suite" FAIL $((SECONDS - t0)) "$summary"
    rm -f "$log"
done

# 2. Real editors on a scratch copy of the recipes (with special.yaml: an error after Hangul and emoji).
scratch_set() {
    local dir
    dir=$(mktemp -d)
    (cd scripts/lsp && "../../$venv/bin/python" -c "import lspkit, pathlib, sys; lspkit.special_recipes(pathlib.Path(sys.argv[1]))" "$dir/recipes")
    echo "$dir/recipes"
}

if command -v nvim >/dev/null 2>&1; then
    t0=$SECONDS
    set_dir=$(scratch_set)
    RECIPES="$set_dir" timeout 120 nvim --headless -u NONE -i NONE -c "luafile scripts/lsp/nvim_test.lua" </dev/null
    status=$?
    [ "$status" -eq 0 ] && record "Neovim $(nvim --version | head -1 | cut -d' ' -f2)" ok $((SECONDS - t0)) "column, fix, hover, completion, definition, references, rename, lint clean" \
        || record "Neovim" FAIL $((SECONDS - t0)) "exit $status (set kept in $set_dir)"
    [ "$status" -eq 0 ] && rm -rf "$(dirname "$set_dir")"
else
    record "Neovim" FAIL 0 "nvim not installed (apt-get install neovim)"
fi

if command -v emacs >/dev/null 2>&1 && compgen -G "/usr/share/emacs/site-lisp/elpa/eglot*" >/dev/null; then
    t0=$SECONDS
    set_dir=$(scratch_set)
    RECIPES="$set_dir" timeout 120 emacs -Q --batch -l scripts/lsp/eglot_test.el </dev/null
    status=$?
    [ "$status" -eq 0 ] && record "Emacs $(emacs --version | head -1 | cut -d' ' -f3) + eglot" ok $((SECONDS - t0)) "column, fix, hover, completion, definition, references, rename, lint clean" \
        || record "Emacs + eglot" FAIL $((SECONDS - t0)) "exit $status (set kept in $set_dir)"
    [ "$status" -eq 0 ] && rm -rf "$(dirname "$set_dir")"
else
    record "Emacs + eglot" FAIL 0 "emacs or elpa-eglot not installed (apt-get install emacs-nox elpa-eglot)"
fi

echo
echo "== juice lsp tests ($juice), $((SECONDS - started)) s"
printf '%s\n' "${results[@]}"
if [ "$failed" -ne 0 ]; then
    echo "lsp-test: FAILED"
    exit 1
fi
echo "lsp-test: all passed"
