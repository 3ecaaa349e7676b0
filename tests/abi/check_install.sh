#!/usr/bin/env bash
# check_install.sh BUILD_DIR SOURCE_DIR - installs the build into a scratch
# prefix, then builds and runs an outside application against it twice:
# with find_package(smax) (smaxConfig.cmake; as C and as C++) and with
# pkg-config (smax.pc).
# A BACKEND=all install has plugins beside libsmax.so: the application,
# linked once, then runs on each (SMAX_BACKEND) and must find that plugin
# where it was installed; a backend without a device may say so, but never
# that its plugin could not be loaded.
set -euo pipefail
build=$1 src=$2
prefix=$build/install-check
rm -rf "$prefix" "$build/consumer-check"
cmake --install "$build" --prefix "$prefix" > /dev/null
cmake -S "$src/tests/abi/consumer" -B "$build/consumer-check" \
      -DCMAKE_PREFIX_PATH="$prefix" > /dev/null
cmake --build "$build/consumer-check" > /dev/null
libdir=$(dirname "$(find "$prefix" -name 'libsmax.so' | head -n 1)")
LD_LIBRARY_PATH=$libdir "$build/consumer-check/consumer"
LD_LIBRARY_PATH=$libdir "$build/consumer-check/consumer-cxx"
pc=$(dirname "$(find "$prefix" -name smax.pc | head -n 1)")
flags=$(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs smax)
cc "$src/tests/abi/consumer/consumer.c" $flags -o "$build/consumer-check/consumer-pc"
LD_LIBRARY_PATH=$libdir "$build/consumer-check/consumer-pc"
ran=""
for plugin in "$libdir"/libsmax-*.so.*; do
  [ -e "$plugin" ] || continue
  b=${plugin##*/libsmax-}; b=${b%%.so*}
  case " $ran " in *" $b "*) continue ;; esac
  ran="$ran $b"
  rc=0
  out=$(env -u SMAX_PLUGIN_DIR SMAX_BACKEND="$b" LD_LIBRARY_PATH="$libdir" \
        "$build/consumer-check/consumer" --context) || rc=$?
  echo "$out"
  if [ $rc -eq 0 ]; then
    grep -qx "backend $b" <<<"$out" || { echo "SMAX_BACKEND=$b ran another backend"; exit 1; }
  elif [ $rc -ne 77 ] || grep -q "cannot load" <<<"$out"; then
    echo "SMAX_BACKEND=$b: the installed plugin did not run (exit $rc)"; exit 1
  fi
done
echo "install check: find_package (C and C++) and pkg-config consumers built and ran${ran:+; plugins:$ran}"
