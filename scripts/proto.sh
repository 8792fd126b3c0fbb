#!/usr/bin/env bash
# Regenerates the gRPC code of serve/proto/mythos/v1/mythos.proto:
#   Go     -> serve/proto/mythos/v1/{mythos.pb.go,mythos_grpc.pb.go}
#   Python -> python/mythos/_proto/{mythos_pb2.py,mythos_pb2.pyi,mythos_pb2_grpc.py}
#
# Needs: Python with grpcio-tools 1.85.1 (it bundles protoc: python -m grpc_tools.protoc;
# the version python/pyproject.toml names, as the generated code sets grpcio's and
# protobuf's lower bounds), e.g. PYTHON=.venv/bin/python scripts/proto.sh,
# and the Go plugins, installed if missing:
#   go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.34.2
#   go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.5.1
# The generated code is checked in; run this after editing the .proto.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
GOBIN_DIR=$(go env GOPATH)/bin
export PATH="$GOBIN_DIR:$PATH"

if ! "$PYTHON" -c 'import grpc_tools.protoc' 2>/dev/null; then
	echo "proto.sh: $PYTHON has no grpcio-tools; run: $PYTHON -m pip install grpcio-tools==1.85.1" >&2
	echo "  (the version python/pyproject.toml names: the generated code sets the runtime lower bounds)" >&2
	exit 1
fi
command -v protoc-gen-go >/dev/null || go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.34.2
command -v protoc-gen-go-grpc >/dev/null || go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.5.1

# Go: the file registers as mythos/v1/mythos.proto (what reflection shows).
"$PYTHON" -m grpc_tools.protoc -I serve/proto \
	--go_out=serve/proto --go_opt=paths=source_relative \
	--go-grpc_out=serve/proto --go-grpc_opt=paths=source_relative \
	mythos/v1/mythos.proto

# Python: generated flat, then the grpc module's import made package-relative.
out=python/mythos/_proto
mkdir -p "$out"
"$PYTHON" -m grpc_tools.protoc -I serve/proto/mythos/v1 \
	--python_out="$out" --pyi_out="$out" --grpc_python_out="$out" \
	mythos.proto
sed -i 's/^import mythos_pb2 as mythos__pb2$/from . import mythos_pb2 as mythos__pb2/' "$out/mythos_pb2_grpc.py"
[ -f "$out/__init__.py" ] || printf '"""Generated protobuf and gRPC code (scripts/proto.sh); do not edit."""\n' >"$out/__init__.py"
gofmt -l serve/proto || true
echo "proto.sh: regenerated Go and Python code"
