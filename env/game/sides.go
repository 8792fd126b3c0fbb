package game

// Sides is implemented by games whose seats are not all on the team that
// Score speaks for (Machina Arcana: once a pioneer dies, the dead and the
// monster seat play against the living). Search agents use it to back up
// each decision's value from the deciding seat's point of view. A game that
// does not implement it has every seat on the team.
type Sides interface {
	// Side is the factor that turns the team's Score into seat's result in
	// the state as it stands: 1 for a seat on the team, −1 for one against
	// it, 0 for a seat with no stake. Once the game is over, Returns gives
	// each seat Side(seat) × Score().
	Side(seat AgentID) float64
}

// SideOf is s's Side(seat) when s implements [Sides], and 1 otherwise.
func SideOf(s State, seat AgentID) float64 {
	if sd, ok := s.(Sides); ok {
		return sd.Side(seat)
	}
	return 1
}
