#!/usr/bin/env bash
# Install the Debian packages the build and the tests need.
#
# The default sources of the machine have neither bookworm-backports (for
# meson >= 1.4 and libdrm >= 2.4.121) nor a deb-src entry for trixie (whose
# `mesa` source package carries the upstream mesa-25.0.7.tar.xz).  Both are derived from the
# machine's existing Debian entry: same URIs, same Signed-By.  No mirror host
# is written here.
set -euo pipefail

SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo

main_src=/etc/apt/sources.list.d/debian.sources
extra_src=/etc/apt/sources.list.d/mesa-subgroups.sources

# LLVM 15: the one LLVM for which Debian 12 packages the SPIR-V translator
# library that rusticl's OpenCL C compiler (clc) needs; llvmpipe uses it too
# (one Mesa build).  libclang-15-dev serves bindgen as well.
PKGS=(meson ninja-build llvm-15-dev python3-mako python3-yaml python3-ply
      glslang-tools spirv-tools libdrm-dev libelf-dev libzstd-dev libexpat1-dev
      zlib1g-dev libudev-dev bison flex libvulkan-dev libvulkan1 vulkan-tools
      ccache pkg-config xz-utils dpkg-dev patch libglvnd-dev
      libclang-15-dev libclang-cpp15-dev libllvmspirvlib-15-dev libclc-15
      ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-headers clinfo)

have_all() {
   for p in "${PKGS[@]}"; do
      dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' || return 1
   done
   # meson must come from backports (>= 1.4), libdrm too (>= 2.4.121, for
   # RADV; every libdrm module of the build moves with it)
   v=$(meson --version 2>/dev/null || echo 0)
   dpkg --compare-versions "$v" ge 1.4 || return 1
   v=$(dpkg-query -W -f='${Version}' libdrm-dev 2>/dev/null || echo 0)
   dpkg --compare-versions "$v" ge 2.4.121
}

write_sources() {
   [ -f "$main_src" ] || { echo "setup-apt: $main_src not found; cannot derive apt entries" >&2; exit 1; }
   # First stanza that names the bookworm suite: take its URIs and Signed-By.
   uris=$(awk 'BEGIN{RS="";FS="\n"} /Suites:[^\n]*bookworm( |$|\n)/ {for(i=1;i<=NF;i++) if ($i ~ /^URIs:/) {sub(/^URIs:[ \t]*/,"",$i); print $i; exit}}' "$main_src")
   signed=$(awk 'BEGIN{RS="";FS="\n"} /Suites:[^\n]*bookworm( |$|\n)/ {for(i=1;i<=NF;i++) if ($i ~ /^Signed-By:/) {sub(/^Signed-By:[ \t]*/,"",$i); print $i; exit}}' "$main_src")
   [ -n "$uris" ] || { echo "setup-apt: no URIs for bookworm in $main_src" >&2; exit 1; }
   tmp=$(mktemp)
   {
      echo "# Written by ci/setup-apt.sh from $main_src"
      echo "Types: deb"
      echo "URIs: $uris"
      echo "Suites: bookworm-backports"
      echo "Components: main"
      [ -z "$signed" ] || echo "Signed-By: $signed"
      echo
      echo "Types: deb-src"
      echo "URIs: $uris"
      echo "Suites: trixie"
      echo "Components: main"
      [ -z "$signed" ] || echo "Signed-By: $signed"
   } >"$tmp"
   if ! cmp -s "$tmp" "$extra_src" 2>/dev/null; then
      $SUDO install -m 0644 "$tmp" "$extra_src"
      rm -f "$tmp"
      return 0
   fi
   rm -f "$tmp"
   return 1
}

changed=0
write_sources && changed=1
if [ "$changed" = 1 ] || [ ! -e /var/lib/apt/lists/partial ] || ! have_all; then
   $SUDO apt-get update -q
fi
if ! have_all; then
   export DEBIAN_FRONTEND=noninteractive
   $SUDO apt-get install -y -q --no-install-recommends -t bookworm-backports meson libdrm-dev
   $SUDO apt-get install -y -q --no-install-recommends "${PKGS[@]}"
fi
echo "setup-apt: packages ready (meson $(meson --version))"
