#!/usr/bin/env bash
# Intel's CPU OpenCL runtime from PyPI, pinned, in a virtual environment in
# the cache ($CACHE_DIR/intel-ocl-<version>), linked as $CACHE_DIR/intel-ocl:
# the second OpenCL platform that our kernels run on
# (tests/opencl/run-intel.sh, docs/opencl.md).  Use it with
#   OCL_ICD_FILENAMES=$CACHE_DIR/intel-ocl/lib/libintelocl.so
#   LD_LIBRARY_PATH=$CACHE_DIR/intel-ocl/lib
# (the ICD loader is then the wheel's own libOpenCL.so.1).  The packages,
# every one pinned and installed without pip's resolver (--no-deps), then
# `pip check` to prove the set complete: intel-opencl-rt itself
# (libintelocl.so, its compiler), intel-cmplr-lib-rt (libsvml, libimf,
# libirng, libintlc, which libintelocl.so links), and what intel-opencl-rt
# declares: intel-cmplr-lic-rt, tbb and tcmlib (tbb's).  About 270 MB of
# wheels, 830 MB installed.  A no-op once installed.  SETUP_PYTHON names the
# interpreter that makes the venv (Debian's, as for ci/setup-meson.sh).
set -euo pipefail
. "$(dirname "$0")/env.sh"

INTEL_OCL_VERSION=2026.2.0
PINS="intel-opencl-rt==$INTEL_OCL_VERSION intel-cmplr-lib-rt==$INTEL_OCL_VERSION intel-cmplr-lic-rt==$INTEL_OCL_VERSION tbb==2023.2.0 tcmlib==1.6.0"
python=${SETUP_PYTHON:-/usr/bin/python3}
venv=$CACHE_DIR/intel-ocl-$INTEL_OCL_VERSION
say() { echo "setup-intel-ocl: $*"; }
die() { echo "setup-intel-ocl: error: $*" >&2; exit 1; }
# Installed: the runtime's library, and the pins recorded after a complete
# install (an interrupted one records none).
installed() { [ -f "$venv/lib/libintelocl.so" ] && [ "$(cat "$venv/pins" 2>/dev/null)" = "$PINS" ]; }

if installed; then
   say "intel-opencl-rt $INTEL_OCL_VERSION: installed already ($venv)"
else
   if [ -e "$venv" ]; then
      say "$venv is incomplete or of other pins: installing it again"
   else
      say "intel-opencl-rt $INTEL_OCL_VERSION not installed: installing it from PyPI into $venv"
   fi
   [ -x "$python" ] ||
      die "$python not found; it makes the runtime's venv (Debian's: apt-get install python3 python3-venv, ci/setup-apt.sh)"
   rm -rf "$venv"
   "$python" -m venv "$venv" ||
      die "$python -m venv $venv failed (Debian's python3-venv missing? apt-get install python3-venv)"
   # shellcheck disable=SC2086  # PINS is a list of words
   "$venv/bin/pip" install -q --disable-pip-version-check --no-cache-dir --no-deps $PINS ||
      die "pip install $PINS failed"
   [ -f "$venv/lib/libintelocl.so" ] ||
      die "after pip install intel-opencl-rt==$INTEL_OCL_VERSION, no $venv/lib/libintelocl.so"
   "$venv/bin/pip" check --disable-pip-version-check >"$venv/pip-check.log" 2>&1 ||
      die "pip check: a dependency is missing from the pins ($(tr '\n' ' ' <"$venv/pip-check.log"))"
   echo "$PINS" >"$venv/pins"
   say "installed $PINS"
fi
ln -sfn "$venv" "$CACHE_DIR/intel-ocl"
