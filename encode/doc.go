// Package encode turns game states into what a learning agent sees: named
// tensors of fixed shape (a [Layout] over caller-owned buffers), the int8
// legal-action mask, and the mapping from action ids to prompt options.
//
// Encoders write into buffers they are given and never allocate on the step
// path. An encoder knows games; games know nothing of encoders.
package encode
