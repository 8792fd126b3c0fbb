package lcg

// Timing points shared by forced abilities and reactions (LCG §3 Ability:
// "At any timing point, every forced ability for that point (with the same
// timing word) resolves before any ↺ ability for the same point can be
// used"; several forced abilities: the lead investigator orders them, LCG §3
// Priority of Simultaneous Resolution).
//
// Each hook point of the engine that can trigger both gathers them in a
// timingPoint and fires it. The effect stack resolves the last frame pushed
// first, so fire pushes the reactions before the forced abilities: every
// forced ability, with everything it causes, resolves before the first
// reaction is offered, and the reactions are then offered in the order they
// were added. Forced abilities that change the state at once, with no frame
// (Obscuring Fog, Silver Twilight Acolyte, Arcane Initiate), are applied
// before anything of their timing point is pushed.
//
// The hook points (docs/lcg-rulings.md R-FORCED): after damage/horror is
// placed on an investigator (hDamage: Psychosis, Hypochondria; Agnes Baker),
// at the end of a turn (endOfTurn: Dark Memory, Frozen in Fear), after a
// location is successfully investigated (investigateResult: Obscuring Fog;
// Dr. Milan Christopher, Scavenging), after an enemy attacks (hAttack:
// Silver Twilight Acolyte).

// maxReactions bounds the reactions of one timing point.
const maxReactions = 4

// reaction is an optional response offered at a timing point: an opEffect
// frame for seat with source src, effect eff and argument b.
type reaction struct {
	seat        int
	src, eff, b int32
}

// timingPoint gathers what one timing point triggers.
type timingPoint struct {
	seat   int   // the investigator whose forced abilities fired
	forced int32 // fx bits of the forced abilities (pushForced)
	n      int
	react  [maxReactions]reaction
}

// addForced notes forced ability fx (an fx constant) of seat.
func (tp *timingPoint) addForced(seat, fx int) {
	tp.seat = seat
	tp.forced |= 1 << uint(fx)
}

// addReaction notes a reaction frame.
func (tp *timingPoint) addReaction(seat int, src, eff, b int32) {
	if tp.n < maxReactions {
		tp.react[tp.n] = reaction{seat, src, eff, b}
		tp.n++
	}
}

// fire resolves the timing point: the forced abilities first, then the
// reactions in the order added.
func (s *State) fire(tp *timingPoint) {
	for i := tp.n - 1; i >= 0; i-- {
		r := &tp.react[i]
		s.push(opEffect, r.seat, r.src, -1, r.eff, r.b)
	}
	s.pushForced(tp.seat, tp.forced)
}
