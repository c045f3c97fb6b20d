#!/usr/bin/env bash
# Meson from PyPI, pinned, in a virtual environment in the cache
# ($CACHE_DIR/meson-<version>), linked as $CACHE_DIR/bin/meson, which
# ci/env.sh puts first on PATH.  Debian's meson (1.7.0 from
# bookworm-backports) cannot configure NVK with Mesa as a subproject of
# ours: its rust.bindgen asks for the subproject's c_args option, which
# that meson's option store does not know ("Tried to get unknown builtin
# option mesa:c_args"); 1.9's resolves it from the parent.  A no-op once
# installed.  SETUP_PYTHON names the interpreter that makes the venv
# (Debian's; the pyenv python3 on PATH lacks mako, which Mesa's build needs
# from the same interpreter meson runs generators with).
set -euo pipefail
. "$(dirname "$0")/env.sh"

MESON_VERSION=1.9.1
python=${SETUP_PYTHON:-/usr/bin/python3}
venv=$CACHE_DIR/meson-$MESON_VERSION
say() { echo "setup-meson: $*"; }
die() { echo "setup-meson: error: $*" >&2; exit 1; }
venv_version() {
   if [ -x "$venv/bin/meson" ]; then "$venv/bin/meson" --version 2>/dev/null || true; fi
}

have=$(venv_version)
if [ "$have" = "$MESON_VERSION" ]; then
   say "meson $MESON_VERSION: installed already ($venv)"
else
   if [ -n "$have" ]; then
      say "meson $have in $venv; the build needs $MESON_VERSION: installing it again"
   else
      say "meson $MESON_VERSION not installed: installing it from PyPI into $venv"
   fi
   [ -x "$python" ] ||
      die "$python not found; it makes meson's venv (Debian's: apt-get install python3 python3-venv, ci/setup-apt.sh)"
   rm -rf "$venv"
   "$python" -m venv "$venv" ||
      die "$python -m venv $venv failed (Debian's python3-venv missing? apt-get install python3-venv)"
   "$venv/bin/pip" install -q --disable-pip-version-check "meson==$MESON_VERSION" ||
      die "pip install meson==$MESON_VERSION failed"
   have=$(venv_version)
   [ "$have" = "$MESON_VERSION" ] ||
      die "after pip install meson==$MESON_VERSION, $venv/bin/meson says '${have:-nothing}'"
fi
mkdir -p "$CACHE_DIR/bin"
ln -sfn "$venv/bin/meson" "$CACHE_DIR/bin/meson"
