#!/usr/bin/env bash
# Runs the piglit GL_ARB_shader_ballot tests (tests/piglit/run-piglit.sh) on
# Debian's stock Mesa 25.0.7 GL (bookworm-backports, unpatched) and writes
# tests/baseline-stock-gl-25.0.7.md.  Not part of ci/test.sh.
#
# The stock driver is fetched like ci/fetch-stock-lavapipe.sh fetches the
# Vulkan one: `apt-get download` of mesa-libgallium, libegl-mesa0 and
# libgbm1, unpacked into $CACHE_DIR/stock-gl (never installed: that would
# replace the system's Mesa), with a glvnd EGL vendor json naming the
# unpacked libEGL_mesa.  Its libgallium wants libdrm >= 2.4.121 for the
# amdgpu winsys only; llvmpipe never calls it, and symbols bind lazily.
set -euo pipefail
. "$(dirname "$0")/env.sh"

VER=${STOCK_GL_DEB_VERSION:-25.0.7-2~bpo12+1}
PKGS=(mesa-libgallium libegl-mesa0 libgbm1)
dir=$CACHE_DIR/stock-gl
root=$dir/root
json=$dir/egl_vendor_stock.json
lib=$root/usr/lib/x86_64-linux-gnu
say() { echo "baseline-stock-gl: $*"; }

if [ ! -f "$dir/version" ] || [ "$(cat "$dir/version")" != "$VER" ] || [ ! -f "$json" ]; then
   rm -rf "$dir"
   mkdir -p "$dir"
   debs=$(mktemp -d)
   trap 'rm -rf "$debs"' EXIT
   # apt downloads as _apt when that user can write the folder.
   [ "$(id -u)" != 0 ] || ! id _apt >/dev/null 2>&1 || chown _apt "$debs"
   ( cd "$debs" && apt-get download -q "${PKGS[@]/%/=$VER}" ) ||
      { say "apt-get download failed (bookworm-backports in the apt sources? ci/setup-apt.sh)"; exit 1; }
   for d in "$debs"/*.deb; do dpkg -x "$d" "$dir/root.tmp"; done
   rm -rf "$dir/root.tmp/usr/share" "$dir/root.tmp/usr/lib/x86_64-linux-gnu/dri"
   mv "$dir/root.tmp" "$root"
   printf '{\n    "file_format_version" : "1.0.0",\n    "ICD" : {\n        "library_path" : "%s"\n    }\n}\n' \
      "$lib/libEGL_mesa.so.0" >"$json"
   echo "$VER" >"$dir/version"
   say "unpacked ${PKGS[*]} $VER into $root"
fi
say "ldd -r of the stock libgallium (unresolved symbols other than amdgpu's would matter):"
LD_LIBRARY_PATH=$lib ldd -r "$lib"/libgallium-*.so 2>&1 | grep -E 'not found|undefined' | sed 's/^/   /' || true

out=${MESA_SUBGROUPS_OUT:-$BUILD_DIR/test-results}/piglit-stock
export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
start=$(date +%s)
set +e
bash "$TOP/tests/piglit/run-piglit.sh" --any-driver --vendor-json "$json" \
   --expectations /dev/null --out "$out" "$@" | tee "$dir/run.log"
set -e
secs=$(( $(date +%s) - start ))

md=$TOP/tests/baseline-stock-gl-25.0.7.md
{
   echo "# piglit GL_ARB_shader_ballot tests on stock Mesa $VER (GL)"
   echo
   echo "Written by \`ci/baseline-stock-gl.sh\` ($secs s).  The driver is Debian's"
   echo "unpatched mesa-libgallium / libegl-mesa0 $VER (built with LLVM 15), run"
   echo "through glvnd with the same shader_runner and tests as \`ci/test.sh\`."
   echo
   grep -E '^width ' "$dir/run.log" | sed 's/^/    /'
   echo
   echo "Summary (tests grouped by source, GLSL / SPIR-V, stage and lanes):"
   echo
   echo "| group | pass | fail |"
   echo "|---|---|---|"
   tail -n +2 "$out/results.csv" | awk -F, '{
         split($1, p, ".");
         if (p[2] == "upstream") g = "upstream " substr(p[4], 1, 2) " " p[5];
         else g = "ours " substr(p[3], 1, 2) " " p[4] " " p[5];
         n[g]++; if ($2 == "pass") ok[g]++
      } END { for (g in n) printf "| %s | %d | %d |\n", g, ok[g], n[g] - ok[g] }' | sort
   echo
   echo "| test | result | detail |"
   echo "|---|---|---|"
   tail -n +2 "$out/results.csv" | while IFS=, read -r name verdict detail; do
      detail=${detail//\"/}
      echo "| $name | $verdict | ${detail//|/\\|} |"
   done
   echo
   grep -E '^piglit: ' "$dir/run.log" | sed 's/^/    /'
} >"$md"
say "wrote $md"
