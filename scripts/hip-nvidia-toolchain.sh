#!/usr/bin/env bash
# hip-nvidia-toolchain.sh - a private CUDA 11.8 toolchain for building smax's
# HIP backend on HIP's NVIDIA platform (see docs/hip-nvidia.md).
#
# Debian's HIP 5.2.3 NVIDIA-platform headers (/usr/include/hip/nvidia_detail)
# do not compile with CUDA 12 or 13, but do with CUDA 11.8. This script takes
# CUDA 11.8 from Debian bookworm's non-free component and unpacks it into its
# own prefix, without touching the system's apt sources, its dpkg database or
# any other CUDA install (/usr/local/cuda stays as it is).
#
# Usage:
#   scripts/hip-nvidia-toolchain.sh [PREFIX]
#   PREFIX defaults to $SMAX_CUDA118_PREFIX, else /opt/smax-cuda-11.8.
#
# Environment:
#   SMAX_CUDA118_PREFIX  prefix when none is given as argument
#   SMAX_CUDA118_PRUNE   1 (default): delete what a HIP build never uses (the
#                        static CUDA math libraries, dangling .so links,
#                        docs) - about 2.6 GB less; 0 keeps the full unpack
#   SMAX_CUDA118_KEEP_DEBS  1: keep the downloaded .deb files in
#                        PREFIX/.smax/debs (default 0: deleted after unpack)
#   SMAX_CUDA118_MIRROR  Debian mirror (default http://deb.debian.org/debian)
#
# Idempotent: a finished prefix (stamp file PREFIX/.smax/stamp naming the same
# packages and versions) is left as it is; only the build variables are
# printed again. Needs root only to `apt-get install g++-11` when g++-11 is
# missing (CUDA 11.8 rejects gcc 12).
#
# Output: the last lines on stdout are shell assignments, e.g.
#   eval "$(scripts/hip-nvidia-toolchain.sh | grep '^SMAX_')"
set -euo pipefail

PREFIX="${1:-${SMAX_CUDA118_PREFIX:-/opt/smax-cuda-11.8}}"
PRUNE="${SMAX_CUDA118_PRUNE:-1}"
KEEP_DEBS="${SMAX_CUDA118_KEEP_DEBS:-0}"
MIRROR="${SMAX_CUDA118_MIRROR:-http://deb.debian.org/debian}"
SUITE=bookworm

# What nvcc + the CUDA runtime headers/library need. nvidia-cuda-toolkit: nvcc,
# cicc, ptxas, nvlink, fatbinary, libdevice. nvidia-cuda-dev: the CUDA headers
# and libcudart.so / libcudadevrt.a (plus ~2.5 GB of static math libraries we
# prune). libcudart11.0: libcudart.so.11.0. libnvvm4: libnvvm.so.4, which cicc
# loads. libcub-dev, libthrust-dev, libcu++-dev: headers that nvidia-cuda-dev's
# include tree links to. Nothing else of the toolkit's dependency list
# (profiler, OpenCL, cuBLAS etc. runtime libraries) is needed to compile.
PACKAGES=(nvidia-cuda-toolkit nvidia-cuda-dev libcudart11.0 libnvvm4
          libcub-dev libthrust-dev libcu++-dev)

log() { printf '[hip-nvidia-toolchain] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v apt-get >/dev/null || die "apt-get not found (Debian/Ubuntu only)"
command -v dpkg-deb >/dev/null || die "dpkg-deb not found"
[ -r /usr/share/keyrings/debian-archive-keyring.gpg ] ||
    die "/usr/share/keyrings/debian-archive-keyring.gpg missing (apt-get install debian-archive-keyring)"

mkdir -p "$PREFIX"
PREFIX="$(cd "$PREFIX" && pwd -P)"
STATE="$PREFIX/.smax"
APTDIR="$STATE/apt"
DEBDIR="$STATE/debs"
STAMP="$STATE/stamp"
mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial" \
         "$APTDIR/sources.list.d" "$APTDIR/preferences.d" "$DEBDIR"

T0=$(date +%s)

# ---------------------------------------------------------------- g++-11
CCBIN="$(command -v g++-11 || true)"
if [ -z "$CCBIN" ]; then
    log "installing g++-11 from the system's own apt sources"
    if [ "$(id -u)" -ne 0 ]; then die "g++-11 missing and not root: apt-get install g++-11"; fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends g++-11 >&2 ||
        { apt-get update >&2 && apt-get install -y --no-install-recommends g++-11 >&2; }
    CCBIN="$(command -v g++-11)" || die "g++-11 still missing"
fi

# ------------------------------------------------ private apt configuration
# Only these options differ from the system's apt: its sources.list(.d),
# lists and cache stay untouched; the dpkg database is only read.
cat > "$APTDIR/sources.list" <<EOF
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $MIRROR $SUITE main contrib non-free
EOF
APT_OPTS=(
    -o "Dir::Etc::SourceList=$APTDIR/sources.list"
    -o "Dir::Etc::SourceParts=$APTDIR/sources.list.d"
    -o "Dir::Etc::Preferences=$APTDIR/preferences"
    -o "Dir::Etc::PreferencesParts=$APTDIR/preferences.d"
    -o "Dir::State::Lists=$APTDIR/lists"
    -o "Dir::Cache=$APTDIR/cache"
    -o "Dir::Cache::pkgcache="
    -o "Dir::Cache::srcpkgcache="
    -o "APT::Sandbox::User=root"
    -o "Debug::NoLocking=1"
    -o "Acquire::Retries=3"
)
# (Sandbox user root: the download directory is ours, not _apt's. NoLocking:
# every directory apt would lock here is private to this prefix, so no lock
# on the system's apt is taken or needed.)

have_lists() { compgen -G "$APTDIR/lists/*non-free*Packages*" >/dev/null; }

versions_of() { # prints "pkg=version" for each package, from the private lists
    local p v
    for p in "${PACKAGES[@]}"; do
        v="$(apt-cache "${APT_OPTS[@]}" policy "$p" 2>/dev/null |
             awk '/Candidate:/ {print $2; exit}')"
        [ -n "$v" ] && [ "$v" != "(none)" ] || return 1
        printf '%s=%s\n' "$p" "$v"
    done
}

done_already=0
if [ -f "$STAMP" ] && [ -x "$PREFIX/usr/lib/nvidia-cuda-toolkit/bin/nvcc" ]; then
    # Cheap check against the lists we already have; no network needed.
    if have_lists && [ "$(versions_of 2>/dev/null || true)" = "$(sed -n 's/^pkg //p' "$STAMP")" ]; then
        done_already=1
        log "prefix $PREFIX is complete (stamp matches); nothing to do"
    fi
fi

if [ "$done_already" -eq 0 ]; then
    log "apt-get update (private lists for $SUITE main contrib non-free)"
    apt-get "${APT_OPTS[@]}" -q update >&2
    WANT="$(versions_of)" || die "some of ${PACKAGES[*]} not found in $SUITE non-free"

    # -------------------------------------------------------------- download
    # apt-get download checks each file against the signed index; a .deb that
    # is already in DEBDIR with the right name is not fetched again.
    missing=()
    while IFS='=' read -r p v; do
        f="$(compgen -G "$DEBDIR/${p}_$(printf '%s' "$v" | sed 's/:/%3a/')_*.deb" || true)"
        [ -n "$f" ] || missing+=("$p=$v")
    done <<<"$WANT"
    if [ "${#missing[@]}" -gt 0 ]; then
        log "downloading ${#missing[@]} package(s): ${missing[*]}"
        (cd "$DEBDIR" && apt-get "${APT_OPTS[@]}" -q download "${missing[@]}" >&2)
    fi
    log "download done after $(( $(date +%s) - T0 )) s ($(du -sh "$DEBDIR" | cut -f1))"

    # -------------------------------------------------------------- unpack
    # Unpack into a fresh tree beside the final one, then swap: an interrupted
    # run never leaves a half-unpacked toolchain looking complete.
    rm -f "$STAMP"
    NEW="$STATE/new"
    rm -rf "$NEW"
    mkdir -p "$NEW"
    while IFS='=' read -r p v; do
        f="$(compgen -G "$DEBDIR/${p}_$(printf '%s' "$v" | sed 's/:/%3a/')_*.deb")"
        log "unpacking $(basename "$f")"
        dpkg-deb -x "$f" "$NEW"
    done <<<"$WANT"

    NVCC_DIR="$NEW/usr/lib/nvidia-cuda-toolkit/bin"
    [ -x "$NVCC_DIR/nvcc" ] || die "nvcc not found at usr/lib/nvidia-cuda-toolkit/bin after unpack"

    # nvcc.profile: the Debian one names absolute /usr paths; make every path
    # relative to nvcc's own directory ($(_HERE_)).
    # Layout: bin/ = <p>/usr/lib/nvidia-cuda-toolkit/bin
    #         libdevice = <p>/usr/lib/nvidia-cuda-toolkit/libdevice
    #         headers   = <p>/usr/include
    #         libraries = <p>/usr/lib/x86_64-linux-gnu
    cat > "$NVCC_DIR/nvcc.profile" <<'EOF'
# Rewritten by smax scripts/hip-nvidia-toolchain.sh: paths relative to nvcc.
TOP                 = $(_HERE_)/..
NVVMIR_LIBRARY_DIR  = $(_HERE_)/../libdevice
LD_LIBRARY_PATH    += $(_HERE_)/../../x86_64-linux-gnu:
PATH               += $(_HERE_):
INCLUDES           += "-I$(_HERE_)/../../../include" $(_SPACE_)
LIBRARIES          =+ $(_SPACE_) "-L$(_HERE_)/../../x86_64-linux-gnu"
CUDAFE_FLAGS       +=
PTXAS_FLAGS        +=
EOF

    if [ "$PRUNE" = 1 ]; then
        # Static math libraries (cuBLAS, cuFFT, cuSPARSE, NPP, ...) and links
        # to runtime libraries that are not unpacked: a HIP build of smax
        # links only libcudart (and nvcc's device link uses libcudadevrt.a).
        L="$NEW/usr/lib/x86_64-linux-gnu"
        find "$L" -maxdepth 1 -name '*_static*.a' \
             ! -name 'libcudart_static.a' ! -name 'libculibos.a' -delete
        find "$L" -maxdepth 1 \( -name 'libnpp*.a' -o -name 'libcublas*.a' \
             -o -name 'libcufft*.a' -o -name 'libcusparse*.a' -o -name 'libcusolver*.a' \
             -o -name 'libcurand*.a' -o -name 'liblapack_static*.a' -o -name 'libmetis_static*.a' \
             -o -name 'libnvjpeg*.a' -o -name 'libcupti*.a' -o -name 'libnvperf*.a' \) -delete
        find "$L" -xtype l -delete                 # dangling .so links
        rm -rf "$NEW/usr/share/doc" "$NEW/usr/share/man" "$NEW/usr/share/lintian"
    fi

    rm -rf "$PREFIX/usr" "$PREFIX/etc"
    mv "$NEW/usr" "$PREFIX/usr"
    [ -d "$NEW/etc" ] && mv "$NEW/etc" "$PREFIX/etc"
    rm -rf "$NEW"
    [ "$KEEP_DEBS" = 1 ] || rm -f "$DEBDIR"/*.deb
    rm -f "$APTDIR/cache/archives/"*.deb
    { echo "# smax hip-nvidia-toolchain: unpacked $(date -u +%FT%TZ)"
      printf 'pkg %s\n' $WANT; } > "$STAMP"
    log "unpacked in $(( $(date +%s) - T0 )) s total"
fi

NVCC="$PREFIX/usr/lib/nvidia-cuda-toolkit/bin/nvcc"
LIBDIR="$PREFIX/usr/lib/x86_64-linux-gnu"

# A private include directory holding only a link to the HIP headers, so the
# build can name it with -isystem: warnings from inside HIP's headers are
# silenced while the project's own code keeps every warning.
HIPINC="$PREFIX/hip-include"
HIP_HDR="${SMAX_HIP_HEADERS:-/usr/include/hip}"
[ -f "$HIP_HDR/hip_runtime.h" ] ||
    log "warning: $HIP_HDR/hip_runtime.h missing (apt-get install libamdhip64-dev)"
mkdir -p "$HIPINC"
ln -sfn "$HIP_HDR" "$HIPINC/hip"

# ---------------------------------------------------------------- check
"$NVCC" --version >&2 || die "nvcc does not run"
log "prefix size: $(du -sh "$PREFIX" | cut -f1); $(( $(date +%s) - T0 )) s"

cat <<EOF
SMAX_CUDA118_PREFIX=$PREFIX
SMAX_HIP_NVCC=$NVCC
SMAX_HIP_CCBIN=$CCBIN
SMAX_HIP_INCLUDE=$HIPINC
SMAX_HIP_CUDART_DIR=$LIBDIR
SMAX_HIP_CUDART=$LIBDIR/libcudart.so.11.0
SMAX_HIP_NVCC_FLAGS="-ccbin $CCBIN -D__HIP_PLATFORM_NVIDIA__ -D__HIP_PLATFORM_NVCC__ -isystem $HIPINC -gencode arch=compute_90,code=sm_90 -cudart shared"
EOF
