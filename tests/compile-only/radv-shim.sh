# shellcheck shell=bash
# Sourced by sweep.sh and check-isa.sh.  Mesa 26.0 removed
# RADV_FORCE_FAMILY's null device; with SWEEP_RADV_SHIM=1 RADV's GPUs are
# the amdgpu drm-shim's instead.
# radv_shim_env ENV: ENV (VAR=VALUE,...) with RADV_FORCE_FAMILY=F replaced
# by the drm-shim's AMDGPU_GPU_ID of that family.
radv_shim_env() {
   local env=$1 family id
   family=$(sed -n 's/.*RADV_FORCE_FAMILY=\([A-Z0-9_]*\).*/\1/p' <<<"$env")
   [ -n "$family" ] || { echo "$env"; return; }
   case $family in
   GFX1200) id=gfx1201 ;;
   *) id=${family,,} ;;
   esac
   echo "${env/RADV_FORCE_FAMILY=$family/AMDGPU_GPU_ID=$id}"
}
