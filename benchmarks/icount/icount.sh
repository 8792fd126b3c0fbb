#!/usr/bin/env bash
# Instructions per decision of BenchmarkStep (./benchmarks) for each env id,
# counted by valgrind's cachegrind: a figure the machine's load and speed do
# not move, for comparing two versions of the code on a noisy machine.
#
#   benchmarks/icount/icount.sh                       # every env id, this tree
#   benchmarks/icount/icount.sh --rev cae89ec         # the same ids at a commit, then this tree
#   benchmarks/icount/icount.sh ArkhamLCG/TheGathering-v0 MachinaArcana/TheFrozenEngine-v0
#   benchmarks/icount/icount.sh --vector ...          # BenchmarkVector: one env in a vector, one worker
#
# Each id runs twice, N1 and N2 decisions (default 20000 and 60000), with one
# core and the collector off; (I(N2) − I(N1)) / (N2 − N1) cancels the start
# and the setup, leaving what one more decision costs. --vector counts a
# decision of Vector.Step instead (one env, one worker, the random policy's
# choice from the mask included). Needs valgrind.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rev="" vector="" n1=${ICOUNT_N1:-20000} n2=${ICOUNT_N2:-60000}
ids=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rev) rev=$2; shift 2 ;;
    --vector) vector=1; shift ;;
    -h|--help) sed -n 2,16p "$0"; exit 0 ;;
    *) ids+=("$1"); shift ;;
  esac
done
command -v valgrind >/dev/null || { echo "icount: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -z "$rev" ] || git -C "$root" worktree remove --force "$tmp/wt" 2>/dev/null || true' EXIT

build() { # build DIR OUT: the benchmarks' test binary of the tree at DIR
  (cd "$1" && go test -c -o "$2" ./benchmarks/)
}
count() { # count BIN ID N: instructions of N decisions
  local bench="^BenchmarkStep\$/^${2//\//\$/^}\$"
  [ -z "$vector" ] || bench="^BenchmarkVector\$/^${2//\//\$/^}\$/^workers=1\$"
  MYTHOS_BENCH_ENVS=1 GOGC=off valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$tmp/cg" \
    "$1" -test.run '^$' -test.bench "$bench" -test.benchtime "${3}x" -test.cpu 1 >/dev/null 2>&1
  awk '/^summary:/ {print $2}' "$tmp/cg"
}
per() { # per BIN ID: instructions per decision
  local a b
  a=$(count "$1" "$2" "$n1"); b=$(count "$1" "$2" "$n2")
  [ -n "$a" ] && [ -n "$b" ] || { echo "icount: no count for $2 (is it an env id?)" >&2; exit 1; }
  echo $(( (b - a) / (n2 - n1) ))
}

build "$root" "$tmp/new.test"
if [ ${#ids[@]} -eq 0 ]; then
  mapfile -t ids < <(go run "$root/cmd/mythos" list 2>/dev/null | awk '{print $1}' | grep / || true)
  [ ${#ids[@]} -gt 0 ] || { echo "icount: could not list the env ids (mythos list)" >&2; exit 1; }
fi
if [ -n "$rev" ]; then
  git -C "$root" worktree add -q "$tmp/wt" "$rev"
  build "$tmp/wt" "$tmp/old.test"
  printf '| env | %s | this tree | change |\n|---|--:|--:|--:|\n' "$rev"
  for id in "${ids[@]}"; do
    o=$(per "$tmp/old.test" "$id"); n=$(per "$tmp/new.test" "$id")
    printf '| %s | %d | %d | %+.1f%% |\n' "$id" "$o" "$n" "$(awk -v o="$o" -v n="$n" 'BEGIN {print 100 * (n - o) / o}')"
  done
else
  printf '| env | instructions a decision |\n|---|--:|\n'
  for id in "${ids[@]}"; do
    printf '| %s | %d |\n' "$id" "$(per "$tmp/new.test" "$id")"
  done
fi
