// Package serve is the gRPC environment service: sessions of N envs of one id,
// reset and stepped in one call each, with tensors as raw little-endian bytes
// (protocol in serve/proto/mythos/v1/mythos.proto, generated code beside it).
//
// A [Server] keeps the sessions and enforces the [Config] limits (sessions,
// envs per session, message size, idle timeout). [NewGRPCServer] wraps it in a
// grpc.Server with the standard health service, reflection and panic recovery;
// [Serve] runs that until its context ends and then stops gracefully. Bad input
// of any kind gets a gRPC status with a clear message and changes no env.
//
// A session is usable only with the secret Open returned; sessions are bound
// to the connection that opened them (closed when it ends); calls stop at
// their deadline, and Close, the reaper and shutdown never wait on a busy
// session (see README.md, "A server that cannot be wedged"). Config.Token
// requires a bearer token on every call.
//
// A session may have seats played on the server by agents (OpenRequest.bots,
// built with agents.New): every env then steps its bots while a bot seat is to
// act, so replies only ever ask the client's seats (see README.md).
//
// On Linux a client on the server's host may have a session's buffers in
// shared memory (OpenRequest.shared_memory): a sealed memfd handed over a Unix
// socket, on which each reset or step is then one byte each way, or, for a
// client that asks for it, a number written into the memory and one written
// back, polled by both sides before they block on the socket (notify_linux.go);
// with no serialization and no allocation (see README.md, "The shared-memory
// fast path"; Config.NoSharedMemory turns it off).
package serve
