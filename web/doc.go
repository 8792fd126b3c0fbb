// Package web is the browser viewer of mythos web: an HTTP server whose page
// (plain HTML, CSS and JavaScript embedded in the binary; no build step, no
// network) plays any env with bots in the other seats, watches agents play
// every seat, and replays recorded games step by step.
//
// The page talks to a small JSON API under /api/ (see [Server]); every game
// is a session holding one seeded state, so a session replays identically.
// Like the gRPC server (package serve), the number of sessions is bounded,
// idle sessions are closed, and a server given a token refuses every request
// that does not carry it.
package web
