# Mythos: the two commands a fresh machine needs are `make run` and `make test`.
GO ?= go
ENV ?= ArkhamLCG/TheGathering-v0
EPISODES ?= 200
SEED ?= 1

PYTHON ?= python3
VENV ?= .venv
ADDR ?= 127.0.0.1:50051

# The commit stamped into the binary (mythos --version), +modified when the
# working tree has changes; the machine may build with -buildvcs=false, so
# make stamps it itself.
COMMIT := $(shell git rev-parse HEAD 2>/dev/null)$(shell git diff --quiet HEAD -- 2>/dev/null || echo +modified)
LDFLAGS := -X main.commit=$(COMMIT)
GOBIN_DIR := $(shell $(GO) env GOBIN 2>/dev/null)
ifeq ($(GOBIN_DIR),)
GOBIN_DIR := $(shell $(GO) env GOPATH 2>/dev/null)/bin
endif

.PHONY: run rollout build install test vet unit race pytest venv proto docs bench fuzz clean

## run: the main job — serve every registered env over gRPC (Ctrl-C stops it gracefully)
run:
	@echo "make run: building bin/mythos (the first build downloads the Go modules and takes a minute or two)" >&2
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/mythos ./cmd/mythos
	bin/mythos serve --addr $(ADDR)

## rollout: random rollouts of one env with a summary table
rollout:
	$(GO) run -ldflags "$(LDFLAGS)" ./cmd/mythos run $(ENV) --agent random --episodes $(EPISODES) --seed $(SEED)

## build: the mythos binary in bin/
build:
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/mythos ./cmd/mythos

## install: the mythos command on PATH: go install into $(GOBIN_DIR) (GOBIN, or GOPATH/bin)
## with the commit stamped; the docs' `mythos ...` lines run it
install:
	$(GO) install -ldflags "$(LDFLAGS)" ./cmd/mythos
	@echo "installed $(GOBIN_DIR)/mythos: $$($(GOBIN_DIR)/mythos --version)"
	@case ":$$PATH:" in *":$(GOBIN_DIR):"*) echo "mythos is on your PATH: try 'mythos list'";; \
	  *) echo "$(GOBIN_DIR) is not on your PATH: add it (e.g. to ~/.profile) with"; \
	     echo '  export PATH="$(GOBIN_DIR):$$PATH"';; esac

## test: everything CI runs — vet, all Go tests, the race detector on the short mode,
## and the Python client's tests against a real server binary
test: vet venv unit race pytest

vet:
	@echo '== make test 1/4: gofmt and go vet (the first run downloads and compiles the Go modules: a few minutes)' >&2
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files "*.go" 2>/dev/null || find . -name "*.go"); exit 1; }
	$(GO) vet ./...

# The Go tests that compare with numpy (train's export test) use the venv's
# Python when it exists (make test builds it first), else python3. The
# per-package timeout is 20 minutes instead of go test's 10: agents' ISMCTS
# scenario test takes about 2.5 minutes of CPU and ran past 10 on a machine
# loaded by other work (2026-11-29).
unit:
	@echo '== make test 2/4: go test ./...' >&2
	MYTHOS_PYTHON=$$([ -x $(VENV)/bin/python ] && echo $(CURDIR)/$(VENV)/bin/python || echo python3) $(GO) test -count=1 -timeout 20m ./...
	@$(MAKE) --no-print-directory fuzz FUZZTIME=20s

## fuzz: the shared-memory protocol's fuzz target (Linux), FUZZTIME long (the
## first run compiles with coverage instrumentation: a few minutes)
FUZZTIME ?= 60s
fuzz:
	@if [ "$$(uname)" = Linux ]; then echo '== fuzz: FuzzSharedMemoryProtocol for $(FUZZTIME)' >&2; \
		$(GO) test -run '^$$' -fuzz FuzzSharedMemoryProtocol -fuzztime $(FUZZTIME) ./serve/; fi

race:
	@echo '== make test 3/4: go test -race -short ./...' >&2
	$(GO) test -count=1 -race -short -timeout 30m ./...

## venv: a virtual environment with the Python client, its test dependencies and the
## libraries of the SB3 and RLlib adapters (torch, ray: ~6 GB, under 2 minutes from PyPI);
## pip prints each package as it collects and downloads it
venv: $(VENV)/.installed
$(VENV)/.installed: python/pyproject.toml
	@echo '== making $(VENV): the Python client with its test, sb3 and rllib extras (the first time downloads about 6 GB, torch and ray, from PyPI: a few minutes; pip lists each package)' >&2
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	$(VENV)/bin/python -m pip install --progress-bar off -e 'python[test,sb3,rllib]'
	touch $@

pytest: venv build
	@echo '== make test 4/4: pytest python/tests (against a real server; includes every runnable block of the docs), over shared memory (the default for a local server), then the client, Gymnasium, vector, PettingZoo and bot tests again over gRPC' >&2
	MYTHOS_BIN=$(CURDIR)/bin/mythos $(VENV)/bin/python -m pytest -q python/tests
	MYTHOS_TRANSPORT=grpc MYTHOS_BIN=$(CURDIR)/bin/mythos $(VENV)/bin/python -m pytest -q python/tests/test_client.py \
		python/tests/test_gym.py python/tests/test_gymnasium.py python/tests/test_bots.py python/tests/test_server_safety.py

## proto: regenerate the Go and Python code of serve/proto (needs grpcio-tools)
proto:
	bash scripts/proto.sh

## docs: regenerate the observation docs from code (a test checks they match)
docs:
	$(GO) run ./cmd/mythos spec ArkhamLCG/TheGathering-v0 --markdown > docs/observations/lcg.md
	$(GO) run ./cmd/mythos spec ArkhamHorror3/DrownedLantern-v0 --markdown > docs/observations/ah3.md
	$(GO) run ./cmd/mythos spec MachinaArcana/TheFrozenEngine-v0 --markdown > docs/observations/machina.md

## bench: throughput benchmarks (figures, not tests)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin
