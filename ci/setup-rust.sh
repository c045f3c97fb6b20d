#!/usr/bin/env bash
# The Rust tools NVK's build needs beyond Debian 12's: rustc >= 1.78 (Debian
# has 1.63; here rustup's, or Debian's rustc-web), and bindgen >= 0.65 and
# cbindgen >= 0.25 from crates.io through cargo, at pinned versions, into
# cargo's bin directory (ci/env.sh puts it on PATH).  A no-op once they are
# there; on a machine without them it installs exactly the missing ones.
# A cold install of the two tools takes some minutes (docs/figures.md).
#
# Every check reads a tool's version through tool_version, which prints
# nothing (and never fails) when the tool is absent, so that under `set -e`
# an absent tool leads to its install or to a message, not to a silent exit.
set -euo pipefail
. "$(dirname "$0")/env.sh"

BINDGEN_VERSION=0.70.1
CBINDGEN_VERSION=0.27.0
RUSTC_MIN=1.78

say() { echo "setup-rust: $*"; }
die() { echo "setup-rust: error: $*" >&2; exit 1; }
ver_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }
# tool_version TOOL: the second word of `TOOL --version` ("rustc 1.95.0 (…)",
# "bindgen 0.70.1", "cbindgen 0.27.0"), or nothing.
tool_version() {
   local out ver
   command -v "$1" >/dev/null 2>&1 || return 0
   out=$("$1" --version 2>/dev/null) || return 0
   read -r _ ver _ <<<"$out"
   echo "${ver:-}"
}

v=$(tool_version rustc)
if [ -z "$v" ]; then
   die "rustc not found; NVK needs rustc >= $RUSTC_MIN: install it with rustup, or Debian's: apt-get install rustc-web cargo-web"
fi
if ! ver_ge "$v" "$RUSTC_MIN"; then
   die "rustc $v is too old; NVK needs rustc >= $RUSTC_MIN: install it with rustup, or Debian's: apt-get install rustc-web cargo-web"
fi
want=()
[ "$(tool_version bindgen)" = "$BINDGEN_VERSION" ] || want+=("bindgen-cli@$BINDGEN_VERSION")
[ "$(tool_version cbindgen)" = "$CBINDGEN_VERSION" ] || want+=("cbindgen@$CBINDGEN_VERSION")
if [ ${#want[@]} = 0 ]; then
   say "rustc $v, bindgen $BINDGEN_VERSION, cbindgen $CBINDGEN_VERSION: installed already"
   exit 0
fi
command -v cargo >/dev/null 2>&1 ||
   die "cargo not found; it installs ${want[*]} (rustup's cargo, or Debian's: apt-get install cargo-web)"
# Without optimization (opt-level 0, as cargo builds a crate's build
# dependencies, where bindgen usually runs): the install takes about a
# quarter of the optimized one's time, the generated bindings are the same
# byte for byte, and Mesa's twelve bindgen and cbindgen runs take about 9 s
# in all against 6 s (docs/figures.md).
say "cargo install --locked ${want[*]} (opt-level 0)"
start=$(date +%s)
CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install -q --locked "${want[@]}" ||
   die "cargo install --locked ${want[*]} failed (exit $?)"
for t in bindgen:$BINDGEN_VERSION cbindgen:$CBINDGEN_VERSION; do
   [ "$(tool_version "${t%%:*}")" = "${t#*:}" ] ||
      die "${t%%:*} ${t#*:} was installed, but the one on PATH says '$(tool_version "${t%%:*}")' (is ${CARGO_HOME:-$HOME/.cargo}/bin on PATH?)"
done
say "installed ${want[*]} in $(( $(date +%s) - start )) s"
