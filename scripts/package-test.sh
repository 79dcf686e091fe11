#!/usr/bin/env bash
# Checks the Debian package as a shop would use it, on this machine (as root): lintian finds no error; it installs
# with apt; the installed juice lints the example recipes and the service's own; systemd-analyze verifies the unit;
# `juice serve` started with exactly the unit's command line (as the service's user, with the credential and state
# directories systemd would give it) answers /healthz, serves an order and takes a menu edit from the page into
# /etc/juice/recipes, reloads on SIGHUP (the unit's ExecReload) and stops cleanly on SIGTERM; systemd-analyze
# security rates the unit's exposure 2.5 or less; a reinstall keeps a shop's edit of a conffile; `dpkg --purge` leaves
# no file of the package behind, only the shop's state. Usage: scripts/package-test.sh juice_VERSION_amd64.deb
set -euo pipefail
package=$(realpath "$1")
export SWIFT_BACKTRACE=enable=no
work=$(mktemp -d)
server=""
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    rm -rf "$work"
    if dpkg -s juice >/dev/null 2>&1; then dpkg --purge juice >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
fail() { echo "package-test: $*" >&2; exit 1; }
step() { echo "package-test: $*"; }

step "lintian"
lintian --fail-on error --suppress-tags-from-file /dev/null "$package" | tee "$work/lintian.txt"
grep -q '^E:' "$work/lintian.txt" && fail "lintian found errors"

step "install"
if dpkg -s juice >/dev/null 2>&1; then dpkg --purge juice >/dev/null; fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
dpkg -L juice | sort > "$work/files"
[ -x /usr/bin/juice ] || fail "no /usr/bin/juice"
/usr/bin/juice --version
getent passwd juice >/dev/null || fail "no juice user"
[ "$(stat -c %U /etc/juice/recipes/juices.yaml)" = juice ] || fail "the recipes are not the service user's"
[ "$(stat -c %a /etc/juice/staff-token)" = 600 ] || fail "the staff token is not root's alone"
token=$(head -n1 /etc/juice/staff-token)
[ ${#token} -ge 32 ] || fail "the staff token is too short"
# The binary needs nothing of Swift's: every library it loads is the system's.
if ldd /usr/bin/juice | grep -E 'swift|not found'; then fail "the binary needs a library the system does not have"; fi

step "juice lint on the installed recipes"
/usr/bin/juice lint /usr/share/doc/juice/examples/recipes
/usr/bin/juice lint /etc/juice/recipes

step "systemd-analyze verify, and the unit's exposure (systemd-analyze security: 1.4 of 10 when written)"
systemd-analyze verify /lib/systemd/system/juice.service
systemd-analyze security --offline=true --threshold=25 /lib/systemd/system/juice.service | tail -n 1 \
    || fail "the unit's hardening fell: systemd-analyze security rates its exposure above 2.5"

step "juice serve as the unit runs it"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
install -d -o juice -g juice -m 750 "$work/state"
install -d -o juice -g juice -m 500 "$work/credentials"
install -m 400 -o juice /etc/juice/staff-token "$work/credentials/staff-token"
exec_start=$(sed -n 's/^ExecStart=//p' /lib/systemd/system/juice.service)
# What systemd substitutes: the environment (the unit's defaults, as /etc/default/juice leaves them) and %d.
command=$(JUICE_HOST=127.0.0.1 JUICE_PORT=$port JUICE_STATE=$work/state/state.sqlite \
    CREDENTIALS_DIRECTORY=$work/credentials python3 - "$exec_start" <<'PY'
import os, re, shlex, sys
line = sys.argv[1].replace("%d", os.environ["CREDENTIALS_DIRECTORY"])
line = re.sub(r"\$\{(\w+)\}", lambda m: os.environ[m.group(1)], line)
print(shlex.join(shlex.split(line)))
PY
)
echo "$command"
chmod 755 "$work"
eval "exec setpriv --reuid=juice --regid=juice --init-groups $command" > "$work/serve.out" 2> "$work/serve.err" &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
curl -sf "http://127.0.0.1:$port/healthz" >/dev/null || { cat "$work/serve.err" >&2; fail "/healthz did not answer"; }
receipt=$(curl -sf -H 'Content-Type: application/json' -d '{"juice": "banana-juice"}' "http://127.0.0.1:$port/api/orders")
grep -q banana-juice <<<"$receipt" || fail "no receipt: $receipt"
# A price set from the page lands in the service's recipes (its user owns them; ReadWritePaths lets it write there).
curl -sf -X PATCH -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"price": 4500}' \
    "http://127.0.0.1:$port/api/menu/juices/banana-juice" >/dev/null || { cat "$work/serve.err" >&2; fail "the menu edit was refused"; }
grep -q 4500 /etc/juice/recipes/*.yaml || fail "the menu edit did not reach /etc/juice/recipes"
# The unit's ExecReload: SIGHUP re-reads the recipes, and the shop goes on serving.
kill -HUP "$server"
sleep 1
kill -0 "$server" 2>/dev/null || { cat "$work/serve.err" >&2; fail "juice serve did not survive SIGHUP"; }
curl -sf "http://127.0.0.1:$port/healthz" >/dev/null || fail "/healthz did not answer after SIGHUP"
# What systemctl stop sends: SIGTERM, and a graceful stop with status 0.
kill -TERM "$server"
status=0
wait "$server" || status=$?
server=""
[ "$status" -eq 0 ] || { cat "$work/serve.err" >&2; fail "juice serve exited with $status on SIGTERM"; }

step "a reinstall keeps the shop's edits"
echo "# kept across upgrades" >> /etc/juice/recipes/store.yaml
DEBIAN_FRONTEND=noninteractive dpkg -i --force-confold "$package" >/dev/null
grep -q "kept across upgrades" /etc/juice/recipes/store.yaml || fail "a reinstall overwrote /etc/juice/recipes/store.yaml"
grep -q 4500 /etc/juice/recipes/*.yaml || fail "a reinstall overwrote the menu edit"
[ "$(head -n1 /etc/juice/staff-token)" = "$token" ] || fail "a reinstall changed the staff token"

step "purge"
dpkg --purge juice >/dev/null
# (Directories such as /lib or /usr/share/doc are shared with other packages; every file and link must be gone.)
left=$(while read -r path; do
    if [ ! -d "$path" ] && { [ -e "$path" ] || [ -L "$path" ]; }; then echo "$path"; fi
done < "$work/files")
[ -z "$left" ] || fail "files of the package left after purge: $left"
[ ! -e /etc/juice ] || fail "/etc/juice left after purge"
[ ! -e /etc/default/juice ] || fail "/etc/default/juice left after purge"
[ -f "$work/state/state.sqlite" ] || fail "the shop's state did not survive"
step "ok: installed, served, upgraded and purged; only the shop's state is left"
