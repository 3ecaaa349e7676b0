#!/usr/bin/env bash
# check_install.sh BUILD_DIR SOURCE_DIR - installs the build into a scratch
# prefix, then builds and runs an outside application against it twice:
# with find_package(smax) (smaxConfig.cmake) and with pkg-config (smax.pc).
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
pc=$(dirname "$(find "$prefix" -name smax.pc | head -n 1)")
flags=$(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs smax)
cc "$src/tests/abi/consumer/consumer.c" $flags -o "$build/consumer-check/consumer-pc"
LD_LIBRARY_PATH=$libdir "$build/consumer-check/consumer-pc"
echo "install check: find_package and pkg-config consumers built and ran"
