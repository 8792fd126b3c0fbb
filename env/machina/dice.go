package machina

// The dice (MA §2.3, §8). Forced results (rules cases) are used first.

var strongFaces = [6]int8{0, 1, 1, 2, 2, 3}
var weakFaces = [6]int8{0, 1, 1, 1, 2, 2}

func (s *State) forced() (int8, bool) {
	if len(s.Forced) == 0 {
		return 0, false
	}
	v := s.Forced[0]
	s.Forced = s.Forced[1:]
	return v, true
}

// rollStrong rolls a strong attack die: 0, 1, 1, 2, 2, 3 (MA §8).
func (s *State) rollStrong() int8 {
	if v, ok := s.forced(); ok {
		return v
	}
	return strongFaces[s.rng.IntN(6)]
}

// rollWeak rolls a weak attack die: 0, 1, 1, 1, 2, 2 (MA §8).
func (s *State) rollWeak() int8 {
	if v, ok := s.forced(); ok {
		return v
	}
	return weakFaces[s.rng.IntN(6)]
}

// fate rolls the fate die: 1..9 and a 0 face that counts 10, or 0 in the
// easy variant (MA §5.1, §8).
func (s *State) fate() int8 {
	v, ok := s.forced()
	if !ok {
		v = int8(s.rng.IntN(10))
	}
	if v == 0 && !s.cfg.Easy {
		return 10
	}
	if v == 10 && s.cfg.Easy {
		return 0
	}
	return v
}

// recharge rolls the recharge die (MA §8, §22.4): 0 nothing, 1 restore 1
// health, 2 and 3 restore that much stamina. A forced value is the face's
// outcome.
func (s *State) recharge() uint8 {
	if v, ok := s.forced(); ok {
		return uint8(v)
	}
	f := s.cfg.RechargeFaces
	if f == [6]uint8{} {
		f = DefaultRechargeFaces
	}
	return f[s.rng.IntN(6)]
}
