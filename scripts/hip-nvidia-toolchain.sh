#!/usr/bin/env bash
# hip-nvidia-toolchain.sh - a private CUDA 11.8 toolchain for building smax's
# HIP backend on HIP's NVIDIA platform (see docs/hip-nvidia.md).
#
# Debian's HIP 5.2.3 NVIDIA-platform headers (/usr/include/hip/nvidia_detail)
# do not compile with CUDA 12 or 13, but do with CUDA 11.8. This script takes
# CUDA 11.8 from Debian bookworm's non-free component and unpacks it into a
# prefix of its own. It never changes the system's apt sources or lists, the
# dpkg database, /etc, or any other CUDA install (/usr/local/cuda stays as it
# is); the only system change is `apt-get install g++-11` when g++-11 is
# missing (CUDA 11.8 rejects gcc 12).
#
# Usage:
#   scripts/hip-nvidia-toolchain.sh [PREFIX]
#   PREFIX: argument, else $SMAX_CUDA118_PREFIX, else /opt/smax-cuda-11.8.
#   It must be empty, missing, or made by an earlier run of this script.
#
# Environment:
#   SMAX_CUDA118_PREFIX     prefix when none is given as argument
#   SMAX_CUDA118_PRUNE      1 (default): delete what a HIP build never uses
#                           (static CUDA math libraries, dangling .so links,
#                           docs): about 2.5 GB less. 0 keeps everything.
#   SMAX_CUDA118_KEEP_DEBS  1: keep the downloaded .deb files (about 830 MB)
#                           in PREFIX/.smax/debs; default 0 deletes them.
#   SMAX_CUDA118_MIRROR     Debian mirror (default http://deb.debian.org/debian)
#   SMAX_HIP_HEADERS        HIP headers (default /usr/include/hip, from the
#                           Debian package libamdhip64-dev)
#
# Idempotent: when PREFIX/.smax/stamp names the same package versions as the
# (private) apt lists, nothing is downloaded or unpacked again; the build
# variables are printed again.
#
# Output: the last lines on stdout are shell assignments (everything else goes
# to stderr), e.g.
#   eval "$(scripts/hip-nvidia-toolchain.sh)"
set -euo pipefail

PREFIX="${1:-${SMAX_CUDA118_PREFIX:-/opt/smax-cuda-11.8}}"
PRUNE="${SMAX_CUDA118_PRUNE:-1}"
KEEP_DEBS="${SMAX_CUDA118_KEEP_DEBS:-0}"
MIRROR="${SMAX_CUDA118_MIRROR:-http://deb.debian.org/debian}"
HIP_HDR="${SMAX_HIP_HEADERS:-/usr/include/hip}"
SUITE=bookworm

# nvidia-cuda-toolkit: nvcc, cicc, ptxas, nvlink, fatbinary, cudafe++,
#   libdevice. nvidia-cuda-dev: the CUDA headers, libcudart.so,
#   libcudadevrt.a, stubs/libcuda.so (and ~2.5 GB of static math libraries,
#   pruned). libcudart11.0: libcudart.so.11.0. libnvvm4: libnvvm.so.4 (nvcc's
#   cicc is static and does not need it; kept for tools that load NVVM).
#   libcub-dev, libthrust-dev, libcu++-dev: headers nvidia-cuda-dev expects.
# The rest of the toolkit's dependency list (profiler, OpenCL, cuBLAS etc.
# runtime libraries, g++-11 as a package dependency) is not needed to compile.
PACKAGES=(nvidia-cuda-toolkit nvidia-cuda-dev libcudart11.0 libnvvm4
          libcub-dev libthrust-dev libcu++-dev)

log() { printf '[hip-nvidia-toolchain] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v apt-get >/dev/null || die "apt-get not found (Debian/Ubuntu only)"
command -v dpkg-deb >/dev/null || die "dpkg-deb not found"
[ -r /usr/share/keyrings/debian-archive-keyring.gpg ] ||
    die "/usr/share/keyrings/debian-archive-keyring.gpg missing (apt-get install debian-archive-keyring)"

# The script replaces PREFIX/usr wholesale: only in a directory of its own.
PREFIX="$(realpath -m -- "$PREFIX")"
case "$PREFIX" in
    /|/usr|/usr/*|/etc|/etc/*|/opt|/home|/root|/tmp|/var|/var/*|/bin|/lib|/lib64|/sbin|/boot|/dev|/proc|/sys|/run)
        die "refusing prefix $PREFIX: give a directory of its own";;
esac
mkdir -p "$PREFIX"
if [ ! -d "$PREFIX/.smax" ] && [ -n "$(ls -A "$PREFIX")" ]; then
    die "prefix $PREFIX is not empty and was not made by this script"
fi
STATE="$PREFIX/.smax"
APTDIR="$STATE/apt"
DEBDIR="$STATE/debs"
STAMP="$STATE/stamp"
NEW="$STATE/new"
mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial" \
         "$APTDIR/sources.list.d" "$APTDIR/preferences.d" "$DEBDIR"

T0=$(date +%s)

# ---------------------------------------------------------------- g++-11
CCBIN="$(command -v g++-11 || true)"
if [ -z "$CCBIN" ]; then
    log "installing g++-11 from the system's own apt sources"
    [ "$(id -u)" -eq 0 ] || die "g++-11 missing and not root: apt-get install g++-11"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends g++-11 >&2 ||
        { apt-get update >&2 && apt-get install -y --no-install-recommends g++-11 >&2; }
    CCBIN="$(command -v g++-11)" || die "g++-11 still missing"
fi

# ------------------------------------------------ private apt configuration
# Only these options differ from the system's apt: its sources.list(.d),
# lists and cache stay untouched; the dpkg database is only read.
printf 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s %s main contrib non-free\n' \
    "$MIRROR" "$SUITE" > "$APTDIR/sources.list"
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
    -o "Acquire::Languages=none"
)
# Sandbox user root: the download directory is ours, not _apt's. NoLocking:
# every directory apt would lock here is private to this prefix.

have_lists() { compgen -G "$APTDIR/lists/*non-free*Packages*" >/dev/null; }

versions_of() { # "pkg=version" for each package, from the private lists
    local out p v
    out="$(apt-cache "${APT_OPTS[@]}" policy "${PACKAGES[@]}" 2>/dev/null)" || return 1
    for p in "${PACKAGES[@]}"; do
        v="$(printf '%s\n' "$out" | awk -v p="$p:" '$0 == p {f = 1} f && $1 == "Candidate:" {print $2; exit}')"
        [ -n "$v" ] && [ "$v" != "(none)" ] || return 1
        printf '%s=%s\n' "$p" "$v"
    done
}

deb_of() { # the downloaded .deb of pkg=version, or nothing
    local p="${1%%=*}" v="${1#*=}"
    compgen -G "$DEBDIR/${p}_${v//:/%3a}_*.deb" | head -n 1 || true
}

done_already=0
if [ -f "$STAMP" ] && [ -x "$PREFIX/usr/lib/nvidia-cuda-toolkit/bin/nvcc" ] && have_lists &&
   [ "$(versions_of 2>/dev/null || true)" = "$(sed -n 's/^pkg //p' "$STAMP")" ]; then
    done_already=1
    log "prefix $PREFIX is complete (stamp matches the package lists): nothing to do"
fi

if [ "$done_already" -eq 0 ]; then
    log "apt-get update (private lists: $SUITE main contrib non-free)"
    apt-get "${APT_OPTS[@]}" -q update >&2
    WANT="$(versions_of)" || die "some of ${PACKAGES[*]} not found in $SUITE non-free"

    # ---------------------------------------------------------- download
    # apt-get download checks every file against the signed index.
    missing=()
    while read -r pv; do
        [ -n "$(deb_of "$pv")" ] || missing+=("$pv")
    done <<<"$WANT"
    if [ "${#missing[@]}" -gt 0 ]; then
        log "downloading ${#missing[@]} package(s): ${missing[*]}"
        (cd "$DEBDIR" && apt-get "${APT_OPTS[@]}" -q download "${missing[@]}" >&2)
    fi
    log "download done after $(( $(date +%s) - T0 )) s ($(du -sh "$DEBDIR" | cut -f1))"

    # ------------------------------------------------------------ unpack
    # Into a fresh tree beside the final one, then swapped in: an interrupted
    # run never leaves a half-made toolchain that looks complete.
    rm -f "$STAMP"
    rm -rf "${NEW:?}"
    mkdir -p "$NEW"
    # With PRUNE=1 the static math libraries (~2.5 GB of nvidia-cuda-dev) are
    # never written: same time (xz decompression dominates), far less disk.
    EXCL=()
    if [ "$PRUNE" = 1 ]; then
        X=./usr/lib/x86_64-linux-gnu
        EXCL=(--wildcards "--exclude=$X/libcu[bfrs]*_static*.a" "--exclude=$X/libnpp*_static.a"
              "--exclude=$X/libnv[jpr]*_static.a" "--exclude=$X/lib[lm]*_static.a"
              "--exclude=$X/libculibos.a" "--exclude=./usr/share/doc/*" "--exclude=./usr/share/man/*")
    fi
    while read -r pv; do
        f="$(deb_of "$pv")"
        [ -n "$f" ] || die "download of $pv missing"
        log "unpacking $(basename "$f")"
        dpkg-deb --fsys-tarfile "$f" | tar -x -C "$NEW" "${EXCL[@]}"
    done <<<"$WANT"
    rm -rf "${NEW:?}/etc"   # the package's /etc/nvcc.profile: replaced below

    # No link in the prefix may point at the host: an absolute link becomes
    # relative to the prefix when its target is there, else it goes. (The
    # Debian nvcc.profile is a link to /etc/nvcc.profile.)
    while IFS= read -r -d '' link; do
        target="$(readlink "$link")"
        rm -f "$link"
        if [ -e "$NEW$target" ]; then
            ln -s "$(realpath -m --relative-to="$(dirname "$link")" "$NEW$target")" "$link"
        fi
    done < <(find "$NEW" -type l -lname '/*' -print0)

    NVCC_DIR="$NEW/usr/lib/nvidia-cuda-toolkit/bin"
    [ -x "$NVCC_DIR/nvcc" ] || die "nvcc not found at usr/lib/nvidia-cuda-toolkit/bin after unpack"

    # nvcc.profile, every path relative to nvcc ($(_HERE_)):
    #   $(_HERE_)            <p>/usr/lib/nvidia-cuda-toolkit/bin: nvcc, cicc,
    #                        and gcc/g++ wrappers that pick g++-11
    #   $(_HERE_)/../../../bin  <p>/usr/bin: ptxas, cudafe++, fatbinary,
    #                        nvlink. Put before the inherited PATH, or nvcc
    #                        11.8 would run another CUDA's ptxas (e.g. from
    #                        /usr/local/cuda/bin).
    #   ../libdevice, <p>/usr/include, <p>/usr/lib/x86_64-linux-gnu (+stubs)
    rm -f "$NVCC_DIR/nvcc.profile"
    # shellcheck disable=SC2016  # $(_HERE_) is nvcc.profile syntax, not shell
    printf '%s\n' \
        '# Written by smax scripts/hip-nvidia-toolchain.sh: paths relative to nvcc.' \
        'NVVMIR_LIBRARY_DIR = $(_HERE_)/../libdevice' \
        'PATH              += $(_HERE_):$(_HERE_)/../../../bin:' \
        'INCLUDES          += "-I$(_HERE_)/../../../include" $(_SPACE_)' \
        'LIBRARIES         =+ $(_SPACE_) "-L$(_HERE_)/../../x86_64-linux-gnu" "-L$(_HERE_)/../../x86_64-linux-gnu/stubs"' \
        > "$NVCC_DIR/nvcc.profile"

    if [ "$PRUNE" = 1 ]; then
        # A HIP build links libcudart (shared or static) only; nvcc's device
        # link uses libcudadevrt.a. The static math libraries go, and with
        # them the .so links to runtime packages that are not unpacked.
        L="$NEW/usr/lib/x86_64-linux-gnu"
        find "$L" -maxdepth 1 -type f -name 'lib*_static*.a' ! -name 'libcudart_static.a' -delete
        rm -f "$L/libculibos.a"
        find "$NEW" -xtype l -delete                 # dangling links
        rm -rf "${NEW:?}/usr/share/doc" "${NEW:?}/usr/share/man" "${NEW:?}/usr/share/lintian"
    fi

    rm -rf "${PREFIX:?}/usr"
    mv "$NEW/usr" "$PREFIX/usr"
    rm -rf "${NEW:?}"
    [ "$KEEP_DEBS" = 1 ] || rm -f "$DEBDIR"/*.deb
    rm -f "$APTDIR/cache/archives/"*.deb
    { echo "# smax hip-nvidia-toolchain: unpacked $(date -u +%FT%TZ)"
      while read -r pv; do echo "pkg $pv"; done <<<"$WANT"; } > "$STAMP"
    log "unpacked after $(( $(date +%s) - T0 )) s"
fi

NVCC="$PREFIX/usr/lib/nvidia-cuda-toolkit/bin/nvcc"
LIBDIR="$PREFIX/usr/lib/x86_64-linux-gnu"

# A private include directory holding only a link to the HIP headers, named
# with -isystem: warnings from inside HIP's headers are silenced while the
# project's own code keeps every warning. (Found through the default
# /usr/include they count as system headers too; -I<dir> on a non-system
# copy would bring back ~140 lines of warnings: see docs/hip-nvidia.md.)
HIPINC="$PREFIX/hip-include"
[ -f "$HIP_HDR/hip_runtime.h" ] ||
    log "warning: $HIP_HDR/hip_runtime.h missing (apt-get install libamdhip64-dev)"
mkdir -p "$HIPINC"
ln -sfn "$HIP_HDR" "$HIPINC/hip"

# ---------------------------------------------------------------- check
"$NVCC" --version >&2 || die "nvcc does not run"
[ -e "$LIBDIR/libcudart.so.11.0" ] || die "libcudart.so.11.0 missing in $LIBDIR"
log "prefix size: $(du -sh "$PREFIX" | cut -f1); $(( $(date +%s) - T0 )) s"

cat <<EOF
SMAX_CUDA118_PREFIX='$PREFIX'
SMAX_HIP_NVCC='$NVCC'
SMAX_HIP_CCBIN='$CCBIN'
SMAX_HIP_INCLUDE='$HIPINC'
SMAX_HIP_CUDART_DIR='$LIBDIR'
SMAX_HIP_CUDART='$LIBDIR/libcudart.so.11.0'
SMAX_HIP_NVCC_FLAGS='-ccbin $CCBIN -D__HIP_PLATFORM_NVIDIA__ -D__HIP_PLATFORM_NVCC__ -isystem $HIPINC -gencode arch=compute_90,code=sm_90 -cudart shared'
EOF
