#!/usr/bin/env bash
# Meson from PyPI, pinned, in a virtual environment in the cache
# ($CACHE_DIR/meson-<version>), linked as $CACHE_DIR/bin/meson, which
# ci/env.sh puts first on PATH.  Debian's meson (1.7.0 from
# bookworm-backports) cannot configure NVK with Mesa as a subproject of
# ours: its rust.bindgen asks for the subproject's c_args option, which
# that meson's option store does not know ("Tried to get unknown builtin
# option mesa:c_args"); 1.9's resolves it from the parent.  A no-op once
# installed.
set -euo pipefail
. "$(dirname "$0")/env.sh"

MESON_VERSION=1.9.1
venv=$CACHE_DIR/meson-$MESON_VERSION
if [ ! -x "$venv/bin/meson" ] || [ "$("$venv/bin/meson" --version)" != "$MESON_VERSION" ]; then
   rm -rf "$venv"
   /usr/bin/python3 -m venv "$venv"
   "$venv/bin/pip" install -q --disable-pip-version-check "meson==$MESON_VERSION"
fi
mkdir -p "$CACHE_DIR/bin"
ln -sfn "$venv/bin/meson" "$CACHE_DIR/bin/meson"
