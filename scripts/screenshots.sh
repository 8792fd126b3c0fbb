#!/usr/bin/env bash
# Regenerates the screenshots of docs/viewer.md: the drawings (one per game) with
# `mythos render`: a seeded game played by the heuristic agent, drawn after
# a number of decisions.
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o bin/mythos ./cmd/mythos
mkdir -p docs/images
bin/mythos render ArkhamLCG/TheGathering-v0 --seed 2 --steps 25 --last --out docs/images/viewer-lcg.png
bin/mythos render ArkhamHorror3/DrownedLantern-v0 --seed 2 --steps 40 --last --out docs/images/viewer-ah3.png
bin/mythos render MachinaArcana/TheFrozenEngine-v0 --seed 2 --steps 40 --last --out docs/images/viewer-machina.png

# The browser viewer (mythos web), at 1280×800 and at a phone's width:
# web/screenshot_test.go drives headless chromium through a few decisions of
# each game and a replay. It needs a chromium binary (apt-get install
# chromium); without one the test is skipped and the old images stay.
MYTHOS_SCREENSHOTS="$PWD/docs/images" go test ./web -run '^TestScreenshots$' -count=1 -v | grep -E 'wrote|SKIP|FAIL|ok' || true
