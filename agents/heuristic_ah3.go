package agents

import (
	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/game"
)

// The heuristic player of Arkham Horror Third Edition: on its turn it stands
// up when delayed, fights or evades what it is engaged with, researches the
// clues of its neighborhood, wards doom where it stands, walks to the nearest
// clue (or the worst doom), and gathers money when poor; in tests it spends
// tokens and clues on rerolls only when the roll failed; it soaks harm with
// assets, sends street doom where there is least, and attacks the weakest
// monster. Prompts it has no rule for are answered at random.

// ah3View is what one decision needs: the state, the deciding seat and its
// space.
type ah3View struct {
	s    *ah3.State
	g    *ah3.Game
	seat int8
	here int
}

// chooseAH3 returns the option index the heuristic picks on an AH3 state.
func chooseAH3(s *ah3.State, rng *game.RNG) int {
	p := s.Prompt()
	seat := int8(p.Actor)
	if seat < 0 || seat >= s.N {
		return rng.IntN(len(p.Options))
	}
	v := ah3View{s: s, g: s.Game(), seat: seat, here: int(s.Seats[seat].Space)}
	var scores [64]float64
	n := min(len(p.Options), len(scores))
	for i := 0; i < n; i++ {
		scores[i] = v.score(p.Kind, p.Options[i])
	}
	return pickBest(scores[:n], rng)
}

// score rates one option of a prompt; higher is better, ties are random.
func (v *ah3View) score(kind game.PromptKind, o game.Option) float64 {
	c := o.Code
	switch kind {
	case ah3.PromptAction:
		return v.actionScore(c)
	case ah3.PromptMove:
		return v.moveScore(o)
	case ah3.PromptSkill:
		return v.skillScore(c)
	case ah3.PromptTarget, ah3.PromptEvade:
		if c >= ah3.ActMonster && c < ah3.ActMonster+ah3.MaxMonsters {
			m := &v.s.Monsters[c-ah3.ActMonster]
			return -float64(m.Health - m.Damage) // the weakest first
		}
	case ah3.PromptReroll:
		return v.rerollScore(c)
	case ah3.PromptGear:
		// The most dice per hand (AH3 470.2c).
		if st := &v.s.Seats[v.seat]; c >= ah3.ActAsset && c < ah3.ActAsset+ah3.MaxAssets && int(c-ah3.ActAsset) < int(st.NAssets) {
			def := &v.g.Sc.Assets[st.Assets[c-ah3.ActAsset].Card]
			sc := float64(def.Bonus[v.s.TestSkill]) / float64(max(def.Hands, 1))
			if def.SixDouble {
				sc += 0.3
			}
			return sc
		}
	case ah3.PromptRedirect, ah3.PromptCast:
		if c != ah3.ActPass {
			return 1 // soak with an asset; spend remnants against casting horror
		}
	case ah3.PromptDoom:
		if c >= ah3.ActSpace && c < ah3.ActSpace+ah3.MaxSpaces {
			return -float64(v.s.Doom[c-ah3.ActSpace]) // spread it thin
		}
	case ah3.PromptPurchase, ah3.PromptGain:
		if c >= ah3.ActReserve && c < ah3.ActReserve+ah3.ReserveSize {
			return 1
		}
	case ah3.PromptRetire, ah3.PromptExchange:
		if c == ah3.ActPass {
			return 1
		}
	}
	return 0
}

// engaged counts the monsters engaged with the seat.
func (v *ah3View) engaged() int {
	n := 0
	for i := range v.s.Monsters {
		if m := &v.s.Monsters[i]; m.Kind >= 0 && m.Engaged&(1<<uint(v.seat)) != 0 {
			n++
		}
	}
	return n
}

// worstDoom is the most doom on one space.
func (v *ah3View) worstDoom() int8 {
	w := int8(0)
	for sp := range v.g.Sc.Spaces {
		w = max(w, v.s.Doom[sp])
	}
	return w
}

// hoodClues is the clues in the centre of the seat's neighborhood.
func (v *ah3View) hoodClues() int {
	if v.here < 0 {
		return 0
	}
	if h := v.g.Sc.Spaces[v.here].Neighborhood; h >= 0 {
		return int(v.s.Clues[h])
	}
	return 0
}

func (v *ah3View) actionScore(c game.ActionCode) float64 {
	s, st := v.s, &v.s.Seats[v.seat]
	inv := &v.g.Sc.Investigators[st.Inv]
	engaged := v.engaged()
	switch {
	case c == ah3.ActRecover:
		return 100
	case c == ah3.ActAttack:
		if engaged > 0 {
			return 50 + float64(inv.Skills[4]) // strength
		}
		return 0
	case c == ah3.ActEvade:
		if engaged > 0 {
			return 46 + float64(inv.Skills[0])
		}
		return 0
	case c == ah3.ActResearch: // turns held clues into clues on the scenario sheet (AH3 430)
		if st.Clues > 0 {
			return 60 + float64(inv.Skills[0])
		}
		return 0
	case c == ah3.ActWard:
		if d := s.Doom[v.here]; d > 0 {
			return 32 + 8*float64(d) + float64(inv.Skills[2])
		}
		return 0
	case c == ah3.ActMove:
		if engaged > 0 {
			return 2
		}
		if v.hoodClues() == 0 && s.Doom[v.here] == 0 || v.worstDoom() >= 3 && s.Doom[v.here] < 2 {
			return 28
		}
		return 3
	case c == ah3.ActGather:
		if st.Money < 3 {
			return 15
		}
		return 4
	case c == ah3.ActFocus:
		if inv.Focus == 0 || s.TokenCount(v.seat) < inv.Focus {
			return 12
		}
		return 0
	case c >= ah3.ActAbility && c < ah3.ActAbility+ah3.MaxAbilities, c >= ah3.ActAssetAction && c < ah3.ActAssetAction+ah3.MaxAssets:
		return 14
	case c == ah3.ActTrade:
		return 1
	}
	return 0 // end the turn
}

// moveScore walks toward the nearest clue, or the worst doom when there is
// no clue; it stops where there is a clue or doom to deal with.
func (v *ah3View) moveScore(o game.Option) float64 {
	here := v.here
	if o.Code == ah3.ActPass {
		if v.hoodClues() > 0 || v.s.Doom[here] > 1 || v.s.Seats[v.seat].Clues > 0 && v.s.Doom[here] > 0 {
			return 100
		}
		return -50
	}
	if o.Code < ah3.ActSpace || o.Code >= ah3.ActSpace+ah3.MaxSpaces {
		return 0
	}
	to := int(o.Code - ah3.ActSpace)
	sc := v.g.Sc
	worst, at := int8(0), -1
	for sp := range sc.Spaces {
		if v.s.Doom[sp] > worst {
			worst, at = v.s.Doom[sp], sp
		}
	}
	if worst >= 3 { // a surge is near (AH3 412): ward it first
		return -float64(v.g.Distance(to, at))
	}
	best := 1000.0
	for h := range sc.Neighborhoods {
		if v.s.Clues[h] == 0 {
			continue
		}
		for _, sp := range sc.Neighborhoods[h].Spaces {
			best = min(best, float64(v.g.Distance(to, sp)))
		}
	}
	if best < 1000 {
		return -best
	}
	if at >= 0 {
		return -float64(v.g.Distance(to, at))
	}
	return 0
}

// skillScore focuses observation (research) and lore (ward) first, and
// discards the least useful token.
func (v *ah3View) skillScore(c game.ActionCode) float64 {
	if c < ah3.ActSkill || c >= ah3.ActSkill+5 {
		return 0
	}
	return [5]float64{5, 2, 4, 1, 3}[c-ah3.ActSkill]
}

// rerollScore rerolls only a test that has no success yet; a clue only when
// the seat has clues to spare.
func (v *ah3View) rerollScore(c game.ActionCode) float64 {
	s := v.s
	succ := 0
	for i := 0; i < int(s.NDice) && i < ah3.MaxDice; i++ {
		if s.Dice[i] >= 5 {
			succ++
		}
	}
	switch {
	case c >= ah3.ActAsset && c < ah3.ActAsset+ah3.MaxAssets:
		return 5 // a card's once-per-test reroll or raise costs nothing
	case c == ah3.ActPass:
		return 1
	case succ > 0:
		return 0
	case c >= ah3.ActRerollToken && c < ah3.ActRerollToken+5:
		return 3
	case c == ah3.ActRerollClue && s.Seats[v.seat].Clues > 1:
		return 2
	}
	return 0
}

// evaluateAH3 estimates the team's result of an unfinished game in [-1, 1]:
// clues gathered toward the clue path, doom toward the doom path and harm.
func evaluateAH3(s *ah3.State) float64 {
	sc := s.Game().Sc
	clues, doom, harm := int(s.SheetClues), 0, 0.0
	for i := 0; i < int(s.N); i++ {
		st := &s.Seats[i]
		clues += int(st.Clues)
		if st.Inv < 0 {
			harm++
			continue
		}
		inv := &sc.Investigators[st.Inv]
		harm += (float64(st.Damage)/float64(max(1, inv.Health)) + float64(st.Horror)/float64(max(1, inv.Sanity))) / 2
	}
	for sp := range sc.Spaces {
		doom += int(s.Doom[sp])
	}
	v := 0.15*float64(clues) - 0.1*float64(s.SheetDoom) - 0.03*float64(doom) - 0.3*harm/float64(max(1, int(s.N)))
	return max(-1, min(1, v))
}
