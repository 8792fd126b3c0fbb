#!/usr/bin/env bash
# Instructions per decision of BenchmarkStep (./benchmarks) for each env id,
# counted by valgrind's cachegrind: a figure the machine's load and speed do
# not move, for comparing two versions of the code on a noisy machine.
#
#   benchmarks/icount/icount.sh                       # every env id, this tree
#   benchmarks/icount/icount.sh --rev cae89ec         # the same ids at a commit, then this tree
#   benchmarks/icount/icount.sh ArkhamLCG/TheGathering-v0 MachinaArcana/TheFrozenEngine-v0
#   benchmarks/icount/icount.sh --vector ...          # BenchmarkVector: one env in a vector, one worker
#   benchmarks/icount/icount.sh --envs 256 --misses ArkhamLCG/TheGathering-v0
#   benchmarks/icount/icount.sh --frontend --hle      # instruction-cache misses and mispredictions, HLE beside
#   benchmarks/icount/icount.sh --unchanged           # an encoding of an unchanged state (BenchmarkEncodeUnchanged)
#   benchmarks/icount/icount.sh --share               # the encoding's share of a step, in instructions
#
# Each id runs twice, N1 and N2 decisions (default 20000 and 60000), with one
# core and the collector off; (I(N2) − I(N1)) / (N2 − N1) cancels the start
# and the setup, leaving what one more decision costs. --vector counts a
# decision of Vector.Step instead (the random policy's choice from the mask
# included), of one env or of --envs N (one worker). --misses adds the
# cache lines a decision brings from beyond a simulated core's caches
# (48 KiB L1d, 2 MiB L2, this machine's): what grows with a vector's
# envs once their rows and states no longer fit. --frontend adds the lines of
# code a decision fetches from beyond a simulated 32 KiB L1i (the code a
# decision runs that does not stay in it) and its mispredicted branches
# (conditional and indirect), cachegrind's model of what stalls a core
# besides data: what instruction counts leave out. --hle adds a row for the
# Hanabi Learning Environment's C++ loop (benchmarks/hle/hle_bench.cc, built
# as benchmarks/hle/run.sh builds it; HLE_PYTHON names a Python with
# open_spiel). --unchanged counts an encoding and mask of a state the row
# holds already (BenchmarkEncodeUnchanged): what the keys cost with nothing
# to write, the floor of an incremental encoder. --share counts, per id, a
# decision of BenchmarkStep, one of BenchmarkRaw (the game state alone) and
# an unchanged encoding, and prints the encoding's share of a step (1 −
# raw ÷ step: the bench report's encoding share, in instructions instead
# of time) and what share of the encoding an unchanged state costs already.
# Needs valgrind.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rev="" vector="" envs=1 misses="" frontend="" hle="" unchanged="" share="" n1=${ICOUNT_N1:-20000} n2=${ICOUNT_N2:-60000}
ids=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rev) rev=$2; shift 2 ;;
    --vector) vector=1; shift ;;
    --envs) vector=1 envs=$2; shift 2 ;;
    --misses) misses=1; shift ;;
    --frontend) frontend=1; shift ;;
    --hle) hle=1; shift ;;
    --unchanged) unchanged=1; shift ;;
    --share) share=1; shift ;;
    -h|--help) sed -n 2,36p "$0"; exit 0 ;;
    *) ids+=("$1"); shift ;;
  esac
done
command -v valgrind >/dev/null || { echo "icount: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -z "$rev" ] || git -C "$root" worktree remove --force "$tmp/wt" 2>/dev/null || true' EXIT

build() { # build DIR OUT: the benchmarks' test binary of the tree at DIR
  (cd "$1" && go test -c -o "$2" ./benchmarks/)
}
# The figures of each count, in the table's order: instructions, then lines
# missed beyond L2 (--misses), then code lines missed in L1i and
# mispredicted branches (--frontend).
sim=(--cache-sim=no)
if [ -n "$misses$frontend" ]; then
  sim=(--cache-sim=yes --I1=32768,8,64 --D1=49152,12,64 --LL=2097152,16,64)
  [ -z "$frontend" ] || sim+=(--branch-sim=yes)
fi
figures() { # figures FILE: the counts of a cachegrind output file
  awk -v m="$misses" -v f="$frontend" '/^events:/ {for (i = 2; i <= NF; i++) ev[$i] = i}
    /^summary:/ {
      out = $(ev["Ir"])
      if (m != "") out = out " " $(ev["DLmr"]) + $(ev["DLmw"])
      if (f != "") out = out " " $(ev["I1mr"]) " " $(ev["Bcm"]) + $(ev["Bim"])
      print out
    }' "$1"
}
count() { # count BIN ID N: the figures of N decisions (of $other's benchmark when set)
  local bench="^BenchmarkStep\$/^${2//\//\$/^}\$" ops=$3
  if [ -n "$other" ]; then
    bench="^$other\$/^${2//\//\$/^}\$"
  elif [ -n "$unchanged" ]; then
    bench="^BenchmarkEncodeUnchanged\$/^${2//\//\$/^}\$"
  elif [ -n "$vector" ]; then
    bench="^BenchmarkVector\$/^${2//\//\$/^}\$/^workers=1\$" ops=$(( $3 / envs ))
  fi
  MYTHOS_BENCH_ENVS=$envs GOGC=off valgrind --tool=cachegrind "${sim[@]}" --cachegrind-out-file="$tmp/cg" \
    "$1" -test.run '^$' -test.bench "$bench" -test.benchtime "${ops}x" -test.cpu 1 >/dev/null 2>&1
  figures "$tmp/cg"
}
per() { # per BIN ID: the figures of one decision
  local a b
  a=($(count "$1" "$2" "$n1")); b=($(count "$1" "$2" "$n2"))
  [ ${#a[@]} -gt 0 ] && [ ${#a[@]} -eq ${#b[@]} ] || { echo "icount: no count for $2 (is it an env id?)" >&2; exit 1; }
  local d=$(( (n2 / envs - n1 / envs) * envs ))
  delta "$d" "${a[*]}" "${b[*]}"
}
delta() { # delta D "A..." "B...": (B − A) / D for each figure, the first as an integer
  awk -v d="$1" -v a="$2" -v b="$3" 'BEGIN {
    n = split(a, x, " "); split(b, y, " ")
    printf "%d", (y[1] - x[1]) / d
    for (i = 2; i <= n; i++) printf " %.1f", (y[i] - x[i]) / d
    print ""
  }'
}
hlePer() { # hlePer: the figures of one decision of HLE's loop
  local py=${HLE_PYTHON:-python3} spiel lib
  spiel=$("$py" -c 'import os, open_spiel; print(os.path.dirname(open_spiel.__file__))' 2>/dev/null) ||
    { echo "icount: --hle needs open_spiel (HLE_PYTHON=/path/to/python with open_spiel)" >&2; exit 1; }
  lib="$spiel/games/hanabi/hanabi-learning-environment/hanabi_learning_environment/hanabi_lib"
  g++ -O2 -std=c++17 -I"$lib" -o "$tmp/hle" "$root/benchmarks/hle/hle_bench.cc" "$lib"/*.cc
  local a b da db
  valgrind --tool=cachegrind "${sim[@]}" --cachegrind-out-file="$tmp/cg" "$tmp/hle" 0 "$n1" > "$tmp/hle.out" 2>/dev/null
  a=$(figures "$tmp/cg"); da=$(sed 's/.*"decisions": \([0-9]*\).*/\1/' "$tmp/hle.out")
  valgrind --tool=cachegrind "${sim[@]}" --cachegrind-out-file="$tmp/cg" "$tmp/hle" 0 "$n2" > "$tmp/hle.out" 2>/dev/null
  b=$(figures "$tmp/cg"); db=$(sed 's/.*"decisions": \([0-9]*\).*/\1/' "$tmp/hle.out")
  delta $(( db - da )) "$a" "$b"
}

other="" # a benchmark for count to run instead of BenchmarkStep (--share)
build "$root" "$tmp/new.test"
if [ ${#ids[@]} -eq 0 ]; then
  mapfile -t ids < <(go run "$root/cmd/mythos" list 2>/dev/null | awk '{print $1}' | grep / || true)
  [ ${#ids[@]} -gt 0 ] || { echo "icount: could not list the env ids (mythos list)" >&2; exit 1; }
fi
heads=("instructions a decision") # the columns of one binary's figures
[ -z "$unchanged" ] || heads=("instructions an unchanged encoding")
[ -z "$misses" ] || heads+=("lines missed")
[ -z "$frontend" ] || heads+=("code lines missed" "mispredicted")
[ ${#heads[@]} -eq 1 ] || heads[0]="instructions"
col() { # the table's cells of one binary's figures
  local IFS='|'; local c="$*"; printf '%s' "${c//|/ | }"
}
header() { # header LABEL... [change]: a table row of the column heads for each label
  local row="| env" rule="|---"
  for label in "$@"; do
    if [ "$label" = change ]; then row+=" | change"; rule+="|--:"; continue; fi
    if [ -n "$label" ] && [ ${#heads[@]} -eq 1 ]; then row+=" | $label"; rule+="|--:"; continue; fi
    for h in "${heads[@]}"; do row+=" | ${label:+$label }$h"; rule+="|--:"; done
  done
  printf '%s |\n%s|\n' "$row" "$rule"
}
if [ -n "$share" ]; then
  printf '| env | instructions a decision | the game alone | encoding share | an unchanged encoding | unchanged ÷ (decision − game) |\n|---|--:|--:|--:|--:|--:|\n'
  for id in "${ids[@]}"; do
    other="" st=$(per "$tmp/new.test" "$id" | cut -d' ' -f1)
    other=BenchmarkRaw g=$(per "$tmp/new.test" "$id" | cut -d' ' -f1)
    other=BenchmarkEncodeUnchanged u=$(per "$tmp/new.test" "$id" 2>/dev/null | cut -d' ' -f1) || u=""
    other=""
    awk -v id="$id" -v s="$st" -v g="$g" -v u="$u" 'BEGIN {
      printf "| %s | %d | %d | %.0f%% | %s | %s |\n", id, s, g, 100 * (1 - g / s), (u == "" ? "" : u), (u == "" ? "" : sprintf("%.0f%%", 100 * u / (s - g)))
    }'
  done
elif [ -n "$rev" ]; then
  git -C "$root" worktree add -q "$tmp/wt" "$rev"
  build "$tmp/wt" "$tmp/old.test"
  header "$rev" "this tree" change
  for id in "${ids[@]}"; do
    o=($(per "$tmp/old.test" "$id")); n=($(per "$tmp/new.test" "$id"))
    printf '| %s | %s | %s | %+.1f%% |\n' "$id" "$(col "${o[@]}")" "$(col "${n[@]}")" "$(awk -v o="${o[0]}" -v n="${n[0]}" 'BEGIN {print 100 * (n - o) / o}')"
  done
else
  header ""
  for id in "${ids[@]}"; do
    printf '| %s | %s |\n' "$id" "$(col $(per "$tmp/new.test" "$id"))"
  done
fi
if [ -n "$hle" ]; then
  h=($(hlePer))
  printf '| HLE (C++, canonical encoding + legal moves) | %s |\n' "$(col "${h[@]}")"
fi
