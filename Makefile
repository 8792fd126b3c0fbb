# Mythos: the two commands a fresh machine needs are `make run` and `make test`.
GO ?= go
ENV ?= ArkhamLCG/TheGathering-v0
EPISODES ?= 200
SEED ?= 1

PYTHON ?= python3
VENV ?= .venv
ADDR ?= 127.0.0.1:50051

.PHONY: run rollout build test vet unit race pytest venv proto docs bench fuzz clean

## run: the main job — serve every registered env over gRPC (Ctrl-C stops it gracefully)
run:
	$(GO) run ./cmd/mythos serve --addr $(ADDR)

## rollout: random rollouts of one env with a summary table
rollout:
	$(GO) run ./cmd/mythos run $(ENV) --agent random --episodes $(EPISODES) --seed $(SEED)

## build: the mythos binary in bin/
build:
	$(GO) build -o bin/mythos ./cmd/mythos

## test: everything CI runs — vet, all Go tests, the race detector on the short mode,
## and the Python client's tests against a real server binary
test: vet unit race pytest

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files "*.go" 2>/dev/null || find . -name "*.go"); exit 1; }
	$(GO) vet ./...

unit:
	$(GO) test -count=1 ./...

race:
	$(GO) test -count=1 -race -short ./...

## venv: a virtual environment with the Python client and its test dependencies
venv: $(VENV)/.installed
$(VENV)/.installed: python/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	$(VENV)/bin/python -m pip install -q -e 'python[test]'
	touch $@

pytest: venv build
	MYTHOS_BIN=$(CURDIR)/bin/mythos $(VENV)/bin/python -m pytest -q python/tests

## proto: regenerate the Go and Python code of serve/proto (needs grpcio-tools)
proto:
	bash scripts/proto.sh

## docs: regenerate the observation docs from code (a test checks they match)
docs:
	$(GO) run ./cmd/mythos spec ArkhamLCG/TheGathering-v0 --markdown > docs/observations/lcg.md

## bench: throughput benchmarks (figures, not tests)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin
