# Mythos: the two commands a fresh machine needs are `make run` and `make test`.
GO ?= go
ENV ?= ArkhamLCG/TheGathering-v0
EPISODES ?= 200
SEED ?= 1

.PHONY: run build test vet unit race bench fuzz clean

## run: the main job — roll out the first registered env with the random agent
run:
	$(GO) run ./cmd/mythos run $(ENV) --agent random --episodes $(EPISODES) --seed $(SEED)

## build: the mythos binary in bin/
build:
	$(GO) build -o bin/mythos ./cmd/mythos

## test: everything CI runs — vet, all tests, the race detector on the short mode
test: vet unit race

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files "*.go" 2>/dev/null || find . -name "*.go"); exit 1; }
	$(GO) vet ./...

unit:
	$(GO) test -count=1 ./...

race:
	$(GO) test -count=1 -race -short ./...

## bench: throughput benchmarks (figures, not tests)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin
