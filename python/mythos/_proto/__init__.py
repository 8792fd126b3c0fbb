"""Generated protobuf and gRPC code (scripts/proto.sh); do not edit."""
