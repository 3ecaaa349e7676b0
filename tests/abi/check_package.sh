#!/usr/bin/env bash
# check_package.sh BUILD_DIR BACKEND [PLUGIN...] - cpack makes the .deb and
# the .tar.gz (cmake/package.cmake), and both hold the library, smax.h, the
# backend's interop header, smaxConfig.cmake and smax.pc; the .deb names its
# package per backend and conflicts with the other backends' packages.
# BACKEND=all lists its PLUGINs: each one's libsmax-<plugin>.so.0 and
# interop header must be there too.
set -euo pipefail
build=$1 backend=$2
shift 2
out=$build/package-check
rm -rf "$out"
(cd "$build" && cpack -B "$out" > /dev/null)
deb=$(ls "$out"/smax-"$backend"_*.deb)
tgz=$(ls "$out"/smax-"$backend"-*.tar.gz)
want=(lib/libsmax.so.0 include/smax/smax.h
      lib/cmake/smax/smaxConfig.cmake lib/pkgconfig/smax.pc)
if [ "$backend" = all ]; then
  [ $# -gt 0 ] || { echo "BACKEND=all names no plugin"; exit 1; }
  for p in "$@"; do
    want+=("lib/libsmax-$p.so.0" "include/smax/smax_$p.h")
  done
else
  want+=("include/smax/smax_$backend.h")
fi
deb_files=$(dpkg-deb -c "$deb")
tgz_files=$(tar tzf "$tgz")
for f in "${want[@]}"; do
  grep -qE "/usr/$f( -> .*)?\$" <<<"$deb_files" || { echo "missing in $deb: $f"; exit 1; }
  grep -q "/$f\$" <<<"$tgz_files" || { echo "missing in $tgz: $f"; exit 1; }
done
[ "$(dpkg-deb -f "$deb" Package)" = "smax-$backend" ] || { echo "package name"; exit 1; }
dpkg-deb -f "$deb" Conflicts | grep -q "smax-" || { echo "no Conflicts"; exit 1; }
echo "package check: $(basename "$deb") and $(basename "$tgz") hold ${#want[@]} expected files"
