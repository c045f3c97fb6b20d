# The environment of the 26.2 port's build: setup.sh installs into it,
# build.sh builds in it.  Source it; do not run it.  Nothing here needs
# setup.sh to have run: the paths are where setup.sh puts things.
# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are read by the scripts that source this
PORT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PORT_TOP=$(cd "$PORT_DIR/../.." && pwd)
# The cache of ci/env.sh (meson 1.9.1 from ci/setup-meson.sh is in its bin/),
# and this port's folder in it.
PORT_CACHE_BASE=${MESA_SUBGROUPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mesa-subgroups}
PORT_CACHE=$PORT_CACHE_BASE/port-26.2
# Debian's interpreter: it has mako, and makes the venv.
PORT_PYTHON=${SETUP_PYTHON:-/usr/bin/python3}
# The venv of the two cmeel wheels (SPIRV-Tools, glslang); cmeel puts their
# files in site-packages/cmeel.prefix.
PORT_VENV=$PORT_CACHE/venv
PORT_PYVER=$("$PORT_PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo 3.11)
PORT_CMEEL=$PORT_VENV/lib/python$PORT_PYVER/site-packages/cmeel.prefix
# bindgen (and cbindgen where the one on PATH is too old), cargo-installed.
PORT_CARGO_ROOT=$PORT_CACHE/cargo
# The crates of Mesa's Rust wraps, for meson --wrap-mode=nodownload.
export MESON_PACKAGE_CACHE_DIR=$PORT_CACHE/packagecache

# PATH: the glslangValidator wrapper, bindgen, meson, rustup's rustc and
# cbindgen, Debian's tools, then the rest without pyenv's shims (Mesa's
# python search tries python3.16 ... python3.10, and the shims of the
# versions pyenv lacks exit 127).
_port_path=
IFS=: read -ra _port_dirs <<<"$PATH"
for _d in "${_port_dirs[@]}"; do
   case $_d in
   */.pyenv/shims | */.pyenv/plugins/*/shims | "") ;;
   *) _port_path=${_port_path:+$_port_path:}$_d ;;
   esac
done
export PATH=$PORT_CACHE/bin:$PORT_CARGO_ROOT/bin:$PORT_CACHE_BASE/bin:${CARGO_HOME:-$HOME/.cargo}/bin:/usr/bin:$_port_path
unset _port_path _port_dirs _d
# SPIRV-Tools >= 2024.1 from the cmeel wheel (static libraries).
export PKG_CONFIG_PATH=$PORT_CMEEL/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
# bindgen loads LLVM 15's libclang, the LLVM of the whole build.
export LIBCLANG_PATH=${LIBCLANG_PATH:-/usr/lib/llvm-15/lib}
# A ccache of its own, so the 26.2 objects do not push CI's out.
export CCACHE_DIR=$PORT_CACHE/ccache
export CCACHE_MAXSIZE=${PORT_CCACHE_MAXSIZE:-5G}
export CCACHE_NOHASHDIR=1
