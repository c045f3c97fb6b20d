# Common settings for the ci/ scripts.  Source it; do not run it.
# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are read by the scripts that source this
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MESA_VERSION=25.0.7
MESA_DEB_VERSION=25.0.7-2+deb13u1
MESA_SHA256=592272df3cf01e85e7db300c449df5061092574d099da275d19e97ef0510f8a6
MESA_TARBALL_NAME=mesa_${MESA_VERSION}.orig.tar.xz
CACHE_DIR=${MESA_SUBGROUPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mesa-subgroups}
MESA_TREE=$TOP/subprojects/mesa-$MESA_VERSION
# Date of the checkout's first commit (the tarball): fixed, so the series
# gives the same commits everywhere.
MESA_BASE_DATE="2025-05-28T00:00:00Z"
# Where ci/export-series.sh puts each concern's patches (patches/series
# gives the order).
SERIES_DIRS="spirv_to_nir nir backend/llvmpipe patches backend/radv backend/turnip backend/nvk backend/rusticl backend/intel"
series_patches() { sed -e '/^#/d' -e '/^$/d' "$TOP/patches/series"; }
# The MR of each patch of series_patches, in order: the name of the
# "# MR NN-name" section it is in.
series_mr_of() { awk '/^# MR /{mr=$3; next} /^#/||/^$/{next} {print mr}' "$TOP/patches/series"; }
BUILD_DIR=${MESA_SUBGROUPS_BUILD:-$TOP/build}
# ccache: paths relative to the clone, so a fresh clone elsewhere still hits.
export CCACHE_BASEDIR=$TOP
export CCACHE_DIR=${CCACHE_DIR:-$CACHE_DIR/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
# -g puts the working directory into the objects; leave it out of the hash
# so a clone at another path (CI) still hits.
export CCACHE_NOHASHDIR=1
# Debian's interpreter (it has mako); the pyenv one on PATH does not.
# rustc, bindgen and cbindgen from cargo (ci/setup-rust.sh), after
# Debian's tools; bindgen loads LLVM 15's libclang.
# Meson from ci/setup-meson.sh first.  SETUP_STANDINS: a folder put before
# all of them, for tests/setup/test-setup.sh's stand-ins of apt-get,
# dpkg-query, cargo and rustc.
export PATH=${SETUP_STANDINS:+$SETUP_STANDINS:}$CACHE_DIR/bin:/usr/bin:$PATH:${CARGO_HOME:-$HOME/.cargo}/bin
export LIBCLANG_PATH=${LIBCLANG_PATH:-/usr/lib/llvm-15/lib}
# The crates of Mesa's Rust wraps (ci/fetch-crates.sh), for every meson
# build directory of ours: the main build, build-mutants, build-series.
export MESON_PACKAGE_CACHE_DIR=$TOP/subprojects/packagecache
