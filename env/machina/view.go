package machina

// Read-only views of a state for the layers above the engine (encoders,
// agents, the CLI). Nothing here changes the state or allocates.

// PioneerCreature returns the creature id of seat i's pioneer (its seat).
func PioneerCreature(seat int) int { return seat }

// MonsterCreature returns the creature id of monster card m.
func MonsterCreature(m int) int { return MonsterBase + m }

// Pos returns creature cr's cell, or -1 when it is not on the board.
func (s *State) Pos(cr int) int { return s.posOf(cr) }

// Health returns creature cr's health now: a pioneer's health, a monster's
// card health less its wounds (MA §7.3, §7.6).
func (s *State) Health(cr int) int { return s.health(cr) }

// Defence returns creature cr's defence with every modifier (MA §7.1).
func (s *State) Defence(cr int) int { return s.defence(cr) }

// Will returns creature cr's will with every modifier (MA §7.1).
func (s *State) Will(cr int) int { return s.will(cr) }

// MaxStamina returns creature cr's maximum stamina with modifiers.
func (s *State) MaxStamina(cr int) int { return s.maxStamina(cr) }

// Incorporeal reports whether creature cr is incorporeal now (MA §10.1).
func (s *State) Incorporeal(cr int) bool { return s.incorporeal(cr) }

// Immobile reports whether creature cr cannot move.
func (s *State) Immobile(cr int) bool { return s.immobile(cr) }

// DangerTrack is the number of divisions of the danger track in this game
// (MA §6.5.1, §22.5).
func (s *State) DangerTrack() int { return int(s.dangerTrack()) }

// CurrentChapter returns the chapter being played, or nil in the finale.
func (s *State) CurrentChapter() *Chapter { return s.chapter() }

// CurrentEvent returns the event card index of the current pioneer event
// (horror false) or horror event (horror true), or -1 (MA §15).
func (s *State) CurrentEvent(horror bool) int { return s.currentEvent(horror) }

// Actor returns the creature whose turn it is: the active pioneer, else the
// active monster, else -1.
func (s *State) Actor() int {
	switch {
	case s.Active >= 0:
		return int(s.Active)
	case s.ActiveMon >= 0:
		return MonsterBase + int(s.ActiveMon)
	}
	return -1
}

// Stamina returns the stamina creature cr has left: a pioneer's stamina, a
// monster's stamina left in its turn.
func (s *State) Stamina(cr int) int {
	switch {
	case isPioneer(cr):
		return int(s.P[cr].Stamina)
	case isMonster(cr):
		return int(s.Mx[cr-MonsterBase].Stamina)
	}
	return 0
}

// Reachable writes into dist the number of voluntary steps creature cr needs
// to reach each cell, at most budget steps, and -1 for cells out of reach
// (MA §10.8: a step goes to an adjacent free, passable cell that is not a
// chasm; creatures are not passed through). The creature's own cell is 0.
// It returns the number of cells reached.
func (s *State) Reachable(cr, budget int, dist *[NumCells]int8) int {
	for i := range dist {
		dist[i] = -1
	}
	c := s.posOf(cr)
	if c < 0 {
		return 0
	}
	dist[c] = 0
	if s.immobile(cr) || budget <= 0 {
		return 1
	}
	var queue [NumCells]int16
	head, tail := 0, 0
	queue[tail] = int16(c)
	tail++
	for head < tail {
		a := int(queue[head])
		head++
		if int(dist[a]) >= budget {
			continue
		}
		for d := Direction(0); d < 8; d++ {
			n := Step(a, d)
			if n < 0 || dist[n] >= 0 || !s.free(n) || !s.Board.Adjacent(a, n) {
				continue
			}
			if s.Board.Kind[n] == KindChasm && s.Board.Dest[n] == 0 {
				continue
			}
			dist[n] = dist[a] + 1
			queue[tail] = int16(n)
			tail++
		}
	}
	return tail
}
