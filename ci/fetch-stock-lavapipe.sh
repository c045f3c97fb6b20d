#!/usr/bin/env bash
# Fetch Debian's stock lavapipe (mesa-vulkan-drivers from bookworm-backports:
# the same Mesa 25.0.7, unpatched) for baseline runs, without installing it.
# Installing that package would upgrade the system's Mesa and libdrm, so the
# .deb is unpacked into the cache instead, and an ICD json naming the
# unpacked libvulkan_lvp.so is written beside it.
#
# Dependencies the package names that are not installed are installed with
# apt-get when that upgrades and removes nothing, else unpacked beside the
# driver (deps/).  Installed ones older than the package asks for are left
# alone unless `ldd -r` finds symbols missing; then newer ones are unpacked
# into deps/ too.  Whatever lands in deps/ needs LD_LIBRARY_PATH: the script
# says so and writes it, with VK_DRIVER_FILES, into an env file to source.
#
# Idempotent: a second run only checks the cache.  The last line of stdout is
# the absolute path of the ICD json.
set -euo pipefail
. "$(dirname "$0")/env.sh"

STOCK_PKG=mesa-vulkan-drivers
STOCK_DEB_VERSION=${STOCK_LVP_DEB_VERSION:-25.0.7-2~bpo12+1}
dir=$CACHE_DIR/stock-lavapipe
root=$dir/root          # the unpacked mesa-vulkan-drivers
deps=$dir/deps          # libraries unpacked beside it, if any
json=$dir/lvp_icd.json
envf=$dir/env.sh
stamp=$dir/version

SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo

say() { echo "fetch-stock-lavapipe: $*"; }
die() { echo "fetch-stock-lavapipe: error: $*" >&2; exit 1; }

find_lvp() { if [ -d "$root" ]; then find "$root" -name libvulkan_lvp.so -type f | head -1; fi; }
# Directories under deps/ that hold shared libraries, ':'-joined.
libpath() {
   [ -d "$deps" ] || return 0
   find "$deps" \( -name '*.so' -o -name '*.so.*' \) -printf '%h\n' | sort -u | paste -sd:
}
# `ldd -r` complaints about the driver: missing libraries, missing symbols.
ldd_problems() {
   LD_LIBRARY_PATH=$(libpath) ldd -r "$1" 2>&1 | grep -E 'not found|undefined symbol' || true
}
installed_version() {
   dpkg-query -W -f='${Status} ${Version}\n' "$1" 2>/dev/null |
      awk '$3 == "installed" {print $4; exit}'
}
# Depends of a .deb, one group a line: "pkg [op ver] | pkg [op ver] ...".
depends_of() {
   dpkg-deb -f "$1" Depends | tr ',' '\n' |
      sed -E 's/:any//g; s/\(([<>=]+) *([^)]*)\)/\1 \2/g; s/  +/ /g; s/^ +| +$//g' |
      grep -v '^$' || true
}
# Is an installed version good for "op ver" (empty: anything)?
satisfies() {  # version op ver
   [ -z "$2" ] && return 0
   local op=$2
   case $op in '>=') op=ge ;; '<=') op=le ;; '>>') op=gt ;; '<<') op=lt ;; '=') op=eq ;; esac
   dpkg --compare-versions "$1" "$op" "$3"
}
# Newest version apt knows of pkg that satisfies "op ver".
pick_version() {  # pkg op ver
   local v
   for v in $(apt-cache madison "$1" | awk -F'|' '{gsub(/ /,"",$2); print $2}'); do
      satisfies "$v" "$2" "$3" && { echo "$v"; return 0; }
   done
   return 1
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# apt downloads as _apt when that user can write the folder.
[ "$(id -u)" != 0 ] || ! id _apt >/dev/null 2>&1 || chown _apt "$tmp"

download() {  # pkg=version -> path of the .deb
   ( cd "$tmp" && apt-get download -q "$1" >&2 ) ||
      die "apt-get download $1 failed (is bookworm-backports in the apt sources? run ci/setup-apt.sh)"
   local f
   f=$(find "$tmp" -maxdepth 1 -name "${1%%=*}_*.deb" | head -1)
   [ -n "$f" ] || die "apt-get download $1 left no .deb"
   echo "$f"
}

declare -A seen=()
unpacked=() installed=()
# Unpack pkg (newest version satisfying "op ver") into deps/, then see to the
# dependencies it adds.
unpack_beside() {  # pkg op ver
   local v deb
   v=$(pick_version "$1" "${2:-}" "${3:-}") ||
      die "no version of $1 ${2:-} ${3:-} known to apt (apt-get update? ci/setup-apt.sh?)"
   deb=$(download "$1=$v")
   mkdir -p "$deps"
   dpkg -x "$deb" "$deps"
   unpacked+=("$1=$v")
   say "unpacked $1 $v into $deps"
   provide_deps "$deb"
}
# Make pkg available: nothing if installed, an apt-get install if that
# upgrades and removes nothing, else unpack it beside the driver.
provide() {  # pkg op ver
   local pkg=$1 sim
   [ -z "${seen[$pkg]:-}" ] || return 0
   seen[$pkg]=1
   [ -z "$(installed_version "$pkg")" ] || return 0
   if sim=$(apt-get install -s -q --no-install-recommends "$pkg" 2>&1) &&
      ! grep -qE '^(Inst [^ ]+ \[|Remv )' <<<"$sim"; then
      say "installing $pkg (not installed; installing it upgrades nothing)"
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "$pkg" >&2 ||
         die "apt-get install $pkg failed"
      installed+=("$pkg")
   else
      say "$pkg is not installed and installing it would upgrade or remove packages: unpacking it instead"
      unpack_beside "$@"
   fi
}
provide_deps() {  # .deb
   local group alt pkg op ver ok alts
   while IFS= read -r group; do
      ok=
      IFS='|' read -ra alts <<<"$group"
      for alt in "${alts[@]}"; do
         read -r pkg _ <<<"$alt"
         [ -z "$(installed_version "$pkg")" ] || { ok=1; break; }
      done
      [ -n "$ok" ] && continue
      read -r pkg op ver <<<"${alts[0]}"
      provide "$pkg" "${op:-}" "${ver:-}"
   done < <(depends_of "$1")
}
# Installed dependencies older than the .deb asks for: "pkg op ver" lines.
too_old_deps() {  # .deb
   local group pkg op ver have
   while IFS= read -r group; do
      [[ $group == *'|'* ]] && continue
      read -r pkg op ver <<<"$group"
      have=$(installed_version "$pkg")
      if [ -z "$have" ] || [ -z "${op:-}" ]; then continue; fi
      satisfies "$have" "$op" "$ver" || echo "$pkg $op $ver"
   done < <(depends_of "$1")
}

# --- cached? ---
lvp=$(find_lvp)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$STOCK_DEB_VERSION" ] &&
   [ -n "$lvp" ] && [ -f "$json" ] && [ -f "$envf" ] && [ -z "$(ldd_problems "$lvp")" ]; then
   say "cached: $STOCK_PKG $STOCK_DEB_VERSION in $dir"
   lp=$(libpath)
   [ -z "$lp" ] || say "needs LD_LIBRARY_PATH=$lp (or: . $envf)"
   echo "$json"
   exit 0
fi

# --- fetch and unpack the driver ---
if ! apt-cache madison "$STOCK_PKG" | awk -F'|' '{gsub(/ /,"",$2); print $2}' | grep -qxF "$STOCK_DEB_VERSION"; then
   say "apt does not know $STOCK_PKG $STOCK_DEB_VERSION; running apt-get update"
   $SUDO apt-get update -q >&2 || die "apt-get update failed"
   apt-cache madison "$STOCK_PKG" | awk -F'|' '{gsub(/ /,"",$2); print $2}' | grep -qxF "$STOCK_DEB_VERSION" ||
      die "$STOCK_PKG $STOCK_DEB_VERSION is not available (bookworm-backports missing from the apt sources? run ci/setup-apt.sh)"
fi
rm -rf "$dir"
mkdir -p "$dir"
deb=$(download "$STOCK_PKG=$STOCK_DEB_VERSION")
got=$(dpkg-deb -f "$deb" Version)
[ "$got" = "$STOCK_DEB_VERSION" ] || die "downloaded $STOCK_PKG is $got, wanted $STOCK_DEB_VERSION"
dpkg -x "$deb" "$dir/root.tmp"
mv "$dir/root.tmp" "$root"
lvp=$(find_lvp)
[ -n "$lvp" ] || die "$STOCK_PKG $STOCK_DEB_VERSION has no libvulkan_lvp.so"
src_json=$(find "$root" -path '*/vulkan/icd.d/lvp_icd*.json' -type f | head -1)
[ -n "$src_json" ] || die "$STOCK_PKG $STOCK_DEB_VERSION has no lvp_icd json"
say "unpacked $STOCK_PKG $STOCK_DEB_VERSION into $root"

# --- its libraries ---
seen[$STOCK_PKG]=1
provide_deps "$deb"
problems=$(ldd_problems "$lvp")
if grep -q 'undefined symbol' <<<"$problems"; then
   say "ldd -r: symbols missing from installed libraries:"
   grep 'undefined symbol' <<<"$problems" | head -10
   while read -r pkg op ver; do
      say "$pkg is older than $op $ver: unpacking a newer one beside the driver"
      seen[$pkg]=1
      unpack_beside "$pkg" "$op" "$ver"
   done < <(too_old_deps "$deb")
   problems=$(ldd_problems "$lvp")
fi
if [ -n "$problems" ]; then
   echo "fetch-stock-lavapipe: error: $lvp still cannot load:" >&2
   echo "$problems" >&2
   exit 1
fi

# --- ICD json and env file ---
python3 - "$src_json" "$lvp" "$json.tmp" <<'EOF'
import json, sys
with open(sys.argv[1]) as f:
   d = json.load(f)
d["ICD"]["library_path"] = sys.argv[2]
with open(sys.argv[3], "w") as f:
   json.dump(d, f, indent=4)
   f.write("\n")
EOF
mv "$json.tmp" "$json"
lp=$(libpath)
{
   echo "# Written by ci/fetch-stock-lavapipe.sh: Debian's stock lavapipe, $STOCK_PKG $STOCK_DEB_VERSION."
   echo "# Source it to point the Vulkan loader at that driver only."
   echo "export VK_DRIVER_FILES=$json"
   echo "export VK_ICD_FILENAMES=$json"
   [ -z "$lp" ] || echo "export LD_LIBRARY_PATH=$lp\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
} >"$envf"
echo "$STOCK_DEB_VERSION" >"$stamp"

say "downloaded: $STOCK_PKG=$STOCK_DEB_VERSION${unpacked[*]:+ ${unpacked[*]}}"
say "installed: ${installed[*]:-nothing}"
[ -z "$lp" ] || say "needs LD_LIBRARY_PATH=$lp (or: . $envf)"
say "env file: $envf"
echo "$json"
