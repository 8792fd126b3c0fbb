package machina

import "sync/atomic"

// The board's stamp: a number the engine draws anew whenever it changes the
// board (a cell's kind, destruction tokens or light, an edge, a tile), from
// a counter shared by every State, so that two boards with the same stamp
// are equal: the same board, or a clone's copy of it. Encoders keep caches
// of the board they saw last (sight rows, step sets) and compare stamps
// before they compare boards. A stamp never enters a result: the state's
// bytes (MarshalBinary) leave it out.

// stamps is the counter the stamps are drawn from.
var stamps atomic.Uint64

// touchBoard draws a new stamp after a change of the board.
func (s *State) touchBoard() { s.stamp = stamps.Add(1) }

// BoardStamp is the board's stamp: equal stamps mean equal boards (0: none
// drawn yet, compare the boards).
func (s *State) BoardStamp() uint64 { return s.stamp }

// setDest puts n destruction tokens on cell c (MA §12.15).
func (s *State) setDest(c int, n uint8) {
	s.Board.Dest[c] = n
	s.touchBoard()
}

// setLit lights chapter cell c or puts its light out (MA §12.13).
func (s *State) setLit(c int, lit bool) {
	s.Board.Lit[c] = lit
	s.touchBoard()
}
