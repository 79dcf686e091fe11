#!/usr/bin/env bash
# Builds the Debian package juice_VERSION_amd64.deb from this checkout, for a machine without Swift: the release
# binary with the PostgreSQL store and the Swift runtime linked in (--static-swift-stdlib: it needs only libc and the
# system's libyaml and SQLite, which Depends names), the man page, bash/zsh/fish completions, the default recipes as an
# example and as the service's recipes (/etc/juice/recipes, conffiles), and juice.service (packaging/).
# Usage: scripts/package-deb.sh [OUTPUT_DIR]   (default: the checkout; prints the package's path last)
# Needs dpkg-dev (dpkg-shlibdeps) besides the build's own needs; set JUICE_SKIP_BUILD=1 to package an existing
# release binary, JUICE_BUILD_ONLY=1 to build it and stop, and JUICE_SCRATCH_PATH to build in (and package from) a
# build folder other than .build (CI builds the release binary there in the background while other steps run).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath "${1:-.}")
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/JuiceRecipes/JuiceVersion.swift)
[ -n "$version" ] || { echo "package-deb: no version in Sources/JuiceRecipes/JuiceVersion.swift" >&2; exit 1; }
arch=$(dpkg --print-architecture)
[ "$arch" = amd64 ] || echo "package-deb: building for $arch, not amd64" >&2

scratch=${JUICE_SCRATCH_PATH:-.build}
if [ "${JUICE_SKIP_BUILD:-}" != 1 ]; then
    started=$SECONDS
    swift build -c release --product juice --traits PostgreSQL --static-swift-stdlib -Xlinker -z -Xlinker now \
        --scratch-path "$scratch"
    echo "package-deb: release build in $((SECONDS - started)) s"
fi
[ "${JUICE_BUILD_ONLY:-}" != 1 ] || exit 0
binary=$scratch/release/juice
[ -x "$binary" ] || { echo "package-deb: no $binary" >&2; exit 1; }

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/juice
install -d -m 755 "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/juice/examples" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/lib/systemd/system" "$root/etc/juice" "$root/etc/default"

# The binary, stripped of its symbols (the Swift runtime is inside it).
install -m 755 "$binary" "$root/usr/bin/juice"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/juice"
# What a shell or man finds.
# (The page without the empty lines ArgumentParser leaves between paragraphs, which groff warns about.)
sed '/^$/d' docs/man/juice.1 | gzip -9n > "$root/usr/share/man/man1/juice.1.gz"
# (bash-completion sources the script: no #! line.)
"$root/usr/bin/juice" completions bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/juice"
"$root/usr/bin/juice" completions zsh > "$root/usr/share/zsh/vendor-completions/_juice"
"$root/usr/bin/juice" completions fish > "$root/usr/share/fish/vendor_completions.d/juice.fish"
# The default recipes: an example, and the service's own menu (conffiles: an upgrade never overwrites a shop's edits).
cp -r recipes "$root/usr/share/doc/juice/examples/recipes"
cp -r recipes "$root/etc/juice/recipes"
find "$root/usr/share/doc/juice/examples/recipes" "$root/etc/juice/recipes" -type d -exec chmod 755 {} +
find "$root/usr/share/doc/juice/examples/recipes" "$root/etc/juice/recipes" -type f -exec chmod 644 {} +
install -m 644 packaging/default "$root/etc/default/juice"
install -m 644 packaging/juice.service "$root/lib/systemd/system/juice.service"
# Documentation and Debian's own files.
install -m 644 packaging/debian/copyright "$root/usr/share/doc/juice/copyright"
install -d -m 755 "$root/usr/share/lintian/overrides"
install -m 644 packaging/debian/lintian-overrides "$root/usr/share/lintian/overrides/juice"
sed -e "s/@VERSION@/$version/" -e "s/@DATE@/$(date -R -u -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")/" \
    packaging/debian/changelog | gzip -9n > "$root/usr/share/doc/juice/changelog.gz"
for doc in README.md docs/deployment.md docs/errors.md docs/menu-editing.md; do
    gzip -9n < "$doc" > "$root/usr/share/doc/juice/$(basename "$doc").gz"
done
install -m 755 packaging/debian/postinst packaging/debian/prerm packaging/debian/postrm "$root/DEBIAN/"
(cd "$root" && find etc -type f ! -name '.*' | sort | sed 's|^|/|') > "$root/DEBIAN/conffiles"
chmod 644 "$root/DEBIAN/conffiles"

# Depends: the shared libraries the binary needs, as dpkg-shlibdeps names their packages and versions.
mkdir -p "$stage/shlibs/debian"
printf 'Source: juice\n\nPackage: juice\nArchitecture: any\n' > "$stage/shlibs/debian/control"
depends=$(cd "$stage/shlibs" && dpkg-shlibdeps -O "$root/usr/bin/juice" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "package-deb: dpkg-shlibdeps named no dependency" >&2; exit 1; }
for library in libyaml libsqlite3; do
    grep -q "$library" <<<"$depends" || { echo "package-deb: the binary does not link $library dynamically ($depends)" >&2; exit 1; }
done
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" packaging/debian/control > "$root/DEBIAN/control"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

package="$out/juice_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group -Zxz "$root" "$package" >/dev/null
echo "package-deb: Depends: $depends"
echo "$package"
