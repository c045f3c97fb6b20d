#!/usr/bin/env bash
# The Rust tools NVK's build needs beyond Debian 12's: rustc >= 1.78 (Debian
# has 1.63; here rustup's, or Debian's rustc-web), and bindgen >= 0.65 and
# cbindgen >= 0.25 from crates.io through cargo, at pinned versions, into
# cargo's bin directory (ci/env.sh puts it on PATH).  A no-op once they are
# there.  A cold install of the two tools took 6.5 min here (3.5 min of CPU).
set -euo pipefail
. "$(dirname "$0")/env.sh"

BINDGEN_VERSION=0.70.1
CBINDGEN_VERSION=0.27.0

ver_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }

v=$(rustc --version 2>/dev/null | awk '{print $2}')
if [ -z "$v" ] || ! ver_ge "$v" 1.78; then
   echo "setup-rust: rustc ${v:-not found}; NVK needs >= 1.78 (rustup, or Debian's rustc-web)" >&2
   exit 1
fi
want=()
v=$(bindgen --version 2>/dev/null | awk '{print $2}')
[ "$v" = "$BINDGEN_VERSION" ] || want+=("bindgen-cli@$BINDGEN_VERSION")
v=$(cbindgen --version 2>/dev/null | awk '{print $2}')
[ "$v" = "$CBINDGEN_VERSION" ] || want+=("cbindgen@$CBINDGEN_VERSION")
[ ${#want[@]} = 0 ] && exit 0
echo "setup-rust: cargo install ${want[*]}"
cargo install -q --locked "${want[@]}"
