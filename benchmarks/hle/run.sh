#!/usr/bin/env bash
# Builds benchmarks/hle/hle_bench.cc against the Hanabi Learning Environment's
# C++ sources shipped in OpenSpiel's wheel and runs it for SECONDS (default 2).
#   python -m venv /tmp/ospenv && /tmp/ospenv/bin/pip install open_spiel
#   HLE_PYTHON=/tmp/ospenv/bin/python benchmarks/hle/run.sh 2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${HLE_PYTHON:-python3}
spiel=$("$py" -c 'import os, open_spiel; print(os.path.dirname(open_spiel.__file__))')
lib="$spiel/games/hanabi/hanabi-learning-environment/hanabi_learning_environment/hanabi_lib"
[ -d "$lib" ] || { echo "no HLE sources under $spiel (pip install open_spiel)" >&2; exit 1; }
bin=${HLE_BIN:-/tmp/hle_bench}
if [ ! -x "$bin" ] || [ "$here/hle_bench.cc" -nt "$bin" ]; then
  g++ -O2 -std=c++17 -I"$lib" -o "$bin" "$here/hle_bench.cc" "$lib"/*.cc
fi
exec "$bin" "${1:-2}"
