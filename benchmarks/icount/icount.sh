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
#
# Each id runs twice, N1 and N2 decisions (default 20000 and 60000), with one
# core and the collector off; (I(N2) − I(N1)) / (N2 − N1) cancels the start
# and the setup, leaving what one more decision costs. --vector counts a
# decision of Vector.Step instead (the random policy's choice from the mask
# included), of one env or of --envs N (one worker). --misses adds the
# cache lines a decision brings from beyond a simulated core's caches
# (48 KiB L1d, 2 MiB L2, this machine's): what grows with a vector's
# envs once their rows and states no longer fit. Needs valgrind.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rev="" vector="" envs=1 misses="" n1=${ICOUNT_N1:-20000} n2=${ICOUNT_N2:-60000}
ids=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rev) rev=$2; shift 2 ;;
    --vector) vector=1; shift ;;
    --envs) vector=1 envs=$2; shift 2 ;;
    --misses) misses=1; shift ;;
    -h|--help) sed -n 2,19p "$0"; exit 0 ;;
    *) ids+=("$1"); shift ;;
  esac
done
command -v valgrind >/dev/null || { echo "icount: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -z "$rev" ] || git -C "$root" worktree remove --force "$tmp/wt" 2>/dev/null || true' EXIT

build() { # build DIR OUT: the benchmarks' test binary of the tree at DIR
  (cd "$1" && go test -c -o "$2" ./benchmarks/)
}
count() { # count BIN ID N: instructions, and lines missed beyond L2, of N decisions
  local bench="^BenchmarkStep\$/^${2//\//\$/^}\$" ops=$3 sim=(--cache-sim=no)
  if [ -n "$vector" ]; then
    bench="^BenchmarkVector\$/^${2//\//\$/^}\$/^workers=1\$" ops=$(( $3 / envs ))
  fi
  [ -z "$misses" ] || sim=(--cache-sim=yes --D1=49152,12,64 --LL=2097152,16,64)
  MYTHOS_BENCH_ENVS=$envs GOGC=off valgrind --tool=cachegrind "${sim[@]}" --cachegrind-out-file="$tmp/cg" \
    "$1" -test.run '^$' -test.bench "$bench" -test.benchtime "${ops}x" -test.cpu 1 >/dev/null 2>&1
  awk '/^events:/ {for (i = 2; i <= NF; i++) ev[$i] = i} /^summary:/ {print $(ev["Ir"]), ev["DLmr"] ? $(ev["DLmr"]) + $(ev["DLmw"]) : 0}' "$tmp/cg"
}
per() { # per BIN ID: instructions per decision (and, with --misses, lines missed)
  local a b
  a=($(count "$1" "$2" "$n1")); b=($(count "$1" "$2" "$n2"))
  [ ${#a[@]} -eq 2 ] && [ ${#b[@]} -eq 2 ] || { echo "icount: no count for $2 (is it an env id?)" >&2; exit 1; }
  local d=$(( (n2 / envs - n1 / envs) * envs ))
  echo $(( (b[0] - a[0]) / d )) "$(awk -v x="$(( b[1] - a[1] ))" -v d="$d" 'BEGIN {printf "%.1f", x / d}')"
}

build "$root" "$tmp/new.test"
if [ ${#ids[@]} -eq 0 ]; then
  mapfile -t ids < <(go run "$root/cmd/mythos" list 2>/dev/null | awk '{print $1}' | grep / || true)
  [ ${#ids[@]} -gt 0 ] || { echo "icount: could not list the env ids (mythos list)" >&2; exit 1; }
fi
col() { # the table's cells of one binary's figures
  if [ -n "$misses" ]; then printf '%d | %s' "$1" "$2"; else printf '%d' "$1"; fi
}
if [ -n "$rev" ]; then
  git -C "$root" worktree add -q "$tmp/wt" "$rev"
  build "$tmp/wt" "$tmp/old.test"
  if [ -n "$misses" ]; then
    printf '| env | %s | lines missed | this tree | lines missed | change |\n|---|--:|--:|--:|--:|--:|\n' "$rev"
  else
    printf '| env | %s | this tree | change |\n|---|--:|--:|--:|\n' "$rev"
  fi
  for id in "${ids[@]}"; do
    o=($(per "$tmp/old.test" "$id")); n=($(per "$tmp/new.test" "$id"))
    printf '| %s | %s | %s | %+.1f%% |\n' "$id" "$(col "${o[@]}")" "$(col "${n[@]}")" "$(awk -v o="${o[0]}" -v n="${n[0]}" 'BEGIN {print 100 * (n - o) / o}')"
  done
else
  if [ -n "$misses" ]; then
    printf '| env | instructions a decision | lines missed a decision |\n|---|--:|--:|\n'
  else
    printf '| env | instructions a decision |\n|---|--:|\n'
  fi
  for id in "${ids[@]}"; do
    printf '| %s | %s |\n' "$id" "$(col $(per "$tmp/new.test" "$id"))"
  done
fi
