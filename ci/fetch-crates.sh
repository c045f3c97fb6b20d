#!/usr/bin/env bash
# The Rust crates NVK's compiler (NAK) builds from Mesa's own wraps (syn,
# quote, proc-macro2, unicode-ident, paste), fetched from crates.io by cargo
# at the versions the wraps pin, checked against the wraps' sha256 and put
# into meson's package cache (subprojects/packagecache/, ignored by git;
# ci/env.sh names it in MESON_PACKAGE_CACHE_DIR for every build directory):
# the builds run meson with --wrap-mode=nodownload, which takes a wrap's
# archive from that cache.  No crate source enters the repo.
#
# usage: ci/fetch-crates.sh   (needs cargo; a no-op once the cache holds them)
set -euo pipefail
. "$(dirname "$0")/env.sh"

CRATES="syn quote proc-macro2 unicode-ident paste"
cache=$MESON_PACKAGE_CACHE_DIR
mkdir -p "$cache"

wrap_field() { sed -n "s/^$2 *= *//p" "$MESA_TREE/subprojects/$1.wrap"; }

missing=()
for c in $CRATES; do
   file=$(wrap_field "$c" source_filename)
   hash=$(wrap_field "$c" source_hash)
   if [ -f "$cache/$file" ] && [ "$(sha256sum "$cache/$file" | cut -d' ' -f1)" = "$hash" ]; then
      continue
   fi
   missing+=("$c")
done
[ ${#missing[@]} -gt 0 ] || exit 0

command -v cargo >/dev/null ||
   { echo "fetch-crates: cargo not found; it fetches ${missing[*]} (ci/setup-rust.sh says how to install it)" >&2; exit 1; }
cargo_home=${CARGO_HOME:-$HOME/.cargo}
for c in "${missing[@]}"; do
   dir=$(wrap_field "$c" directory)          # <name>-<version>
   version=${dir#"$c"-}
   file=$(wrap_field "$c" source_filename)
   hash=$(wrap_field "$c" source_hash)
   # An empty package depending on exactly that version: cargo fetch puts
   # the .crate (the archive crates.io serves) into its registry cache.
   tmp=$(mktemp -d)
   mkdir -p "$tmp/src"
   : >"$tmp/src/lib.rs"
   printf '[package]\nname = "fetch-%s"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n%s = "=%s"\n' \
      "$c" "$c" "$version" >"$tmp/Cargo.toml"
   (cd "$tmp" && cargo fetch -q) || { rm -rf "$tmp"; echo "fetch-crates: cargo fetch of $c $version failed" >&2; exit 1; }
   rm -rf "$tmp"
   crate=
   for f in "$cargo_home"/registry/cache/*/"$c-$version.crate"; do
      [ -f "$f" ] && { crate=$f; break; }
   done
   [ -n "$crate" ] || { echo "fetch-crates: cargo did not fetch $c $version" >&2; exit 1; }
   got=$(sha256sum "$crate" | cut -d' ' -f1)
   [ "$got" = "$hash" ] || { echo "fetch-crates: $c-$version.crate: sha256 $got, the wrap wants $hash" >&2; exit 1; }
   cp "$crate" "$cache/$file"
   echo "fetch-crates: $c $version"
done
