package lcg

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// LCG §3 Ability: a triggered ability "may be initiated only if (a) its
// effect could change the game state"; §3 Play: "an event cannot be played
// if its effect could not change the game state". checkReactionsChange is
// the one check of that rule over every reaction the engine offers (each
// card's trigAbility.ok is its pre-check): at a reaction prompt, each
// offered ability is taken on a clone and compared with passing on another
// clone, both played on (passing the later reactions of the same window)
// to the next decision that is not a reaction. Costs are left out of the
// comparison (the limit bits, the card's own exhaustion, resources, the
// event moved from hand, the actions); everything else the ability could change is in
// effectView, and what happened on the way in the log (effectEvents). An
// ability whose use leaves both as passing does fails.
func checkReactionsChange(t *testing.T, s *State, where string) {
	t.Helper()
	p := s.Prompt()
	if (p.Kind != PkReaction && p.Kind != PkWindow) || len(p.Options) < 2 || p.Options[0].Code != ActPass {
		return
	}
	n0 := len(s.Log().Events)
	pass := s.CloneState()
	if err := pass.Apply(0); err != nil {
		t.Fatalf("%s: pass: %v", where, err)
	}
	settleReactions(pass)
	passLog := effectEvents(pass, n0)
	for i := 1; i < len(p.Options); i++ {
		o := p.Options[i]
		own, name := int32(-1), actionNames[o.Code]
		switch {
		case p.Kind == PkReaction:
			k := int(s.trigOpt[i])
			own, name = int32(trigAbilities[k].card), trigAbilities[k].name
		case o.Code == ActAdvanceAct:
			continue // the act's clues are a cost and advancing always changes the state
		case (o.Code >= ActPlay && o.Code < ActCommit) || (o.Code >= ActAbility && o.Code < ActAssign) || o.Code == ActPlayDiscard:
			own, name = int32(s.Cards[o.Arg].Def), s.CardName(int16(o.Arg))
		}
		use := s.CloneState()
		if err := use.Apply(i); err != nil {
			t.Fatalf("%s: option %d: %v", where, i, err)
		}
		settleReactions(use)
		// An ability that opens a decision of its own (Research
		// Librarian's search) is followed through its first option.
		for n := 0; n < 4 && !use.Over() && use.Prompt().Kind == PkChoice && pass.Prompt().Kind != PkChoice; n++ {
			if err := use.Apply(0); err != nil {
				t.Fatalf("%s: option %d: %v", where, i, err)
			}
			settleReactions(use)
		}
		if bytes.Equal(effectView(use, own), effectView(pass, own)) && slices.Equal(effectEvents(use, n0), passLog) {
			t.Errorf("%s: %q (option %d of %v) was offered but its effect changed nothing (LCG §3 Ability)", where, name, i, p.Options)
		}
	}
}

// effectEvents is the log from event n0 on without the costs' events (a
// card played, an action or ability used, a card discarded): what
// happened, even if undone later in the same stretch (damage healed at the
// end of the round).
func effectEvents(s *State, n0 int) []game.Event {
	var out []game.Event
	for _, e := range s.Log().Events[n0:] {
		switch e.Kind {
		case evPlay, evAction, evDiscard:
			continue
		}
		out = append(out, e)
	}
	return out
}

// settleReactions passes every reaction prompt and player window until a
// decision of another kind (or the end).
func settleReactions(s *State) {
	for n := 0; n < 64 && !s.Over() && (s.Prompt().Kind == PkReaction || s.Prompt().Kind == PkWindow) && s.Prompt().Options[0].Code == ActPass; n++ {
		_ = s.Apply(0)
	}
}

// effectView writes what an ability's effect can change, leaving out what
// its costs change (see checkReactionsChange); cards of reaction k's own
// card (own, a cards.ID; -1: none) show only their tokens (the event
// played and the asset exhausted are costs).
func effectView(s *State, own int32) []byte {
	var w game.Writer
	w.I32(int32(s.Round))
	w.U8(uint8(s.Phase))
	w.U8(uint8(s.Active))
	for i := range s.Inv {
		v := &s.Inv[i]
		w.U8(uint8(v.Loc))
		w.U8(uint8(v.Damage))
		w.U8(uint8(v.Horror))
		w.U8(uint8(v.Clues))
		w.U8(v.Out)
		game.Ints(&w, v.PhaseBonus[:])
		w.I32(int32(v.Lasting))
		w.Int(len(v.Deck))
		for _, id := range v.Hand {
			if int32(s.Cards[id].Def) != own {
				w.I32(int32(id))
			}
		}
		game.Ints(&w, v.Play)
		game.Ints(&w, v.Threat)
	}
	for i := range s.Cards {
		c := &s.Cards[i]
		if int32(c.Def) != own { // the ability's own card: its zone and exhaustion are costs
			w.U8(uint8(c.Zone))
			w.Bool(c.Exhausted)
		}
		w.U8(uint8(c.Uses)) // resources put on a card are an effect (Hospital Debts)
		w.U8(uint8(c.Loc))
		w.Bool(c.Revealed)
		w.U8(uint8(c.Damage))
		w.U8(uint8(c.Horror))
		w.U8(uint8(c.Clues))
		w.U8(uint8(c.Doom))
		w.I32(int32(c.Host))
	}
	game.Ints(&w, s.Enemies)
	game.Ints(&w, s.EncDeck)
	game.Ints(&w, s.Victory)
	w.U8(uint8(s.Act))
	w.U8(uint8(s.Agenda))
	w.U8(uint8(s.AgendaDoom))
	game.Ints(&w, s.Revealed)
	w.Int(len(s.Tests))
	for i := range s.Tests {
		s.Tests[i].write(&w)
	}
	w.Bool(s.over)
	return w.B
}

// TestReactionsChangeState runs checkReactionsChange at every reaction
// prompt of random games of the three scenarios and of the scripted
// situations below (LCG §3 Ability, issue 22: Roland Banks's reaction
// offered while The Masked Hunter forbids him to discover clues).
func TestReactionsChangeState(t *testing.T) {
	seeds := 24
	if testing.Short() {
		seeds = 6
	}
	checked := 0
	for seed := 0; seed < seeds; seed++ {
		sc := []string{"", "midnight masks", "devourer below"}[seed%3]
		s, err := New(Options{Investigators: teams[seed%len(teams)], Difficulty: "standard", Scenario: sc}, uint64(seed), true)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(seed) + 77)
		for n := 0; n < 3000 && !s.Over(); n++ {
			if k := s.Prompt().Kind; (k == PkReaction || k == PkWindow) && len(s.Prompt().Options) > 1 {
				checked++
				checkReactionsChange(t, s, fmt.Sprintf("seed %d step %d", seed, n))
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no reaction prompt was checked")
	}
}

// TestReactionsChangeStateScripted runs the same check where random play
// rarely goes: Roland Banks defeats an enemy while engaged with The Masked
// Hunter ("you cannot discover clues"), with Evidence! in hand; and the
// same without The Masked Hunter, where both reactions must be offered.
func TestReactionsChangeStateScripted(t *testing.T) {
	for _, hunter := range []bool{true, false} {
		s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard", Scenario: "midnight masks"}, 1, true)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.ReturnHandToDeck(0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.PutInHand(0, mustID("01022")); err != nil { // Evidence!
			t.Fatal(err)
		}
		loc := int(s.Inv[0].Loc)
		if hunter {
			if _, err := s.PlaceEnemy(idMaskedHunter, loc, 0, 0, false); err != nil {
				t.Fatal(err)
			}
		}
		e, err := s.PlaceEnemy(mustID("01160"), loc, 0, 1, false) // Ghoul Minion, 1 damage
		if err != nil {
			t.Fatal(err)
		}
		s.ForceTokens(0)
		s.Refresh()
		pick(t, s, ActFight+game.ActionCode(s.enemySlot(e)))
		switch p := s.Prompt(); {
		case hunter && p.Kind == PkReaction:
			checkReactionsChange(t, s, "Masked Hunter")
			t.Errorf("a reaction prompt %v though no clue can be discovered", p.Options)
		case !hunter && (p.Kind != PkReaction || len(p.Options) != 3):
			t.Errorf("without The Masked Hunter: prompt %v, want Pass, Roland Banks, Evidence!", p.Options)
		case !hunter:
			checkReactionsChange(t, s, "no Masked Hunter")
		}
	}
}
