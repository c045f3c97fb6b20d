#!/usr/bin/env bash
# Fetch what piglit's shader_runner needs, without installing piglit.
#
# Debian's piglit package is about 2 GB installed; shader_runner needs 3 MB
# of it.  So the .debs are fetched with `apt-get download` and only these
# are unpacked into the cache ($CACHE_DIR/piglit/root):
#   piglit:        bin/shader_runner, lib/libpiglitutil{,_gl}.so.0 and
#                  tests/spec/arb_shader_ballot/ (upstream's tests)
#   libwaffle-1-0: libwaffle-1.so.0 (piglit's platform layer)
#   waffle-utils:  wflinfo (prints the GL renderer / version strings)
# The shared libraries they load from the system (libEGL.so.1 = glvnd's
# dispatcher, libGL, libX11, libwayland-client, ...) are installed with
# apt-get when missing: small, and installing them upgrades nothing.
#
# Idempotent: a second run only checks the cache.  Writes $dir/env.sh (PATH
# entries and LD_LIBRARY_PATH) and prints the cache folder as its last line.
set -euo pipefail
. "$(dirname "$0")/env.sh"

PIGLIT_DEB_VERSION=${PIGLIT_DEB_VERSION:-0~git20220119-124bca3c9-1}
WAFFLE_DEB_VERSION=${WAFFLE_DEB_VERSION:-1.7.0-2}
# Libraries shader_runner and wflinfo load from the system.
RUNTIME_PKGS=(libegl1 libgl1 libx11-6 libx11-xcb1 libxcb1 libudev1
              libwayland-client0 libxkbcommon0 libstdc++6 spirv-tools)

dir=$CACHE_DIR/piglit
root=$dir/root
envf=$dir/env.sh
stamp=$dir/version
pl=usr/lib/x86_64-linux-gnu/piglit
want="piglit=$PIGLIT_DEB_VERSION libwaffle-1-0=$WAFFLE_DEB_VERSION waffle-utils=$WAFFLE_DEB_VERSION"

SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
say() { echo "fetch-piglit: $*"; }
die() { echo "fetch-piglit: error: $*" >&2; exit 1; }

libpath() { echo "$root/$pl/lib:$root/usr/lib/x86_64-linux-gnu"; }
ldd_problems() {
   local f
   for f in "$root/$pl/bin/shader_runner" "$root/usr/bin/wflinfo"; do
      [ -x "$f" ] || { echo "$f missing"; continue; }
      LD_LIBRARY_PATH=$(libpath) ldd "$f" 2>&1 | grep 'not found' || true
   done
}

# System libraries first: they are needed whether or not the cache is good.
missing=()
for p in "${RUNTIME_PKGS[@]}"; do
   dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
   say "installing ${missing[*]}"
   DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 ||
      die "apt-get install ${missing[*]} failed"
fi

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$envf" ] &&
   [ -d "$root/$pl/tests/spec/arb_shader_ballot" ] && [ -z "$(ldd_problems)" ]; then
   say "cached: $want in $dir"
   echo "$dir"
   exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ "$(id -u)" != 0 ] || ! id _apt >/dev/null 2>&1 || chown _apt "$tmp"
download() {  # pkg=version -> path of the .deb
   ( cd "$tmp" && apt-get download -q "$1" >&2 ) ||
      die "apt-get download $1 failed (apt-get update? ci/setup-apt.sh?)"
   local f
   f=$(find "$tmp" -maxdepth 1 -name "${1%%=*}_*.deb" | head -1)
   [ -n "$f" ] || die "apt-get download $1 left no .deb"
   echo "$f"
}

known=$(apt-cache madison piglit 2>/dev/null || true)
if ! grep -qF "$PIGLIT_DEB_VERSION" <<<"$known"; then
   say "apt does not know piglit $PIGLIT_DEB_VERSION; running apt-get update"
   $SUDO apt-get update -q >&2 || die "apt-get update failed"
fi
rm -rf "$dir"
mkdir -p "$dir/root.tmp"
start=$(date +%s)
deb=$(download "piglit=$PIGLIT_DEB_VERSION")
# Only the few paths shader_runner needs (tar reads the whole archive once).
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir/root.tmp" \
   "./$pl/bin/shader_runner" "./$pl/lib/libpiglitutil_gl.so.0" "./$pl/lib/libpiglitutil.so.0" \
   "./$pl/tests/spec/arb_shader_ballot" ||
   die "piglit $PIGLIT_DEB_VERSION lacks shader_runner or tests/spec/arb_shader_ballot"
for p in libwaffle-1-0 waffle-utils; do
   deb=$(download "$p=$WAFFLE_DEB_VERSION")
   dpkg -x "$deb" "$dir/root.tmp"
done
rm -rf "$dir/root.tmp/usr/share"
mv "$dir/root.tmp" "$root"
problems=$(ldd_problems)
[ -z "$problems" ] || die "unpacked programs cannot load: $problems"
{
   echo "# Written by ci/fetch-piglit.sh: piglit's shader_runner and waffle's wflinfo, unpacked."
   echo "export PIGLIT_BIN=$root/$pl/bin"
   echo "export PIGLIT_TESTS=$root/$pl/tests"
   echo "export WFLINFO=$root/usr/bin/wflinfo"
   echo "export LD_LIBRARY_PATH=$(libpath)\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
} >"$envf"
echo "$want" >"$stamp"
say "unpacked $want into $root ($(du -sh "$root" | cut -f1), $(( $(date +%s) - start )) s)"
echo "$dir"
