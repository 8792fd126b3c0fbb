#!/usr/bin/env bash
# Regenerates the screenshots of docs/viewer.md (one per game) with
# `mythos render`: a seeded game played by the heuristic agent, drawn after
# a number of decisions.
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o bin/mythos ./cmd/mythos
mkdir -p docs/images
bin/mythos render ArkhamLCG/TheGathering-v0 --seed 2 --steps 25 --last --out docs/images/viewer-lcg.png
bin/mythos render ArkhamHorror3/DrownedLantern-v0 --seed 2 --steps 40 --last --out docs/images/viewer-ah3.png
bin/mythos render MachinaArcana/TheFrozenEngine-v0 --seed 2 --steps 40 --last --out docs/images/viewer-machina.png
