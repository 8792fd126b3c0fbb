package lcg

import (
	"fmt"
	"sort"

	"math/bits"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The trigger pipeline: timing points as data (LCG §3 Ability, §3 When, §3
// After, §3 Instead, §3 Cancel, §3 Priority of Simultaneous Resolution).
//
// Every hook point of the engine emits an event: a trigger kind (trigKind,
// with its timing word: "when/would" before the effect is applied, "at",
// "after" once it is applied) and the event's subject (the investigator or
// investigators it concerns, the card or enemy, the location, an amount).
// Triggered abilities subscribe to a kind by data (trigAbilities: the card,
// where it works from, who may use it, forced or optional, its limit, and
// small functions for its condition, its options and its effect).
//
// emit pushes one opTrigger frame per event (none when nothing could fire)
// and the frame resolves the timing point:
//
//  1. every forced ability that fires (LCG §3 Ability: "every forced ability
//     for that point resolves before any ↺ ability for the same point"): one
//     at once, several in the order the lead investigator chooses (a PkOrder
//     prompt; copies of one card resolve together), each with everything it
//     causes before the next;
//  2. the reactions, in player order (LCG §3 Priority of Simultaneous
//     Resolution): every reaction is optional (ruling R-AUTO), so each
//     eligible investigator gets one PkReaction
//     prompt with Pass and every reaction it may use at this point (from
//     cards in play, fast events in hand or, with Wendy's Amulet, the
//     discard, its threat area, its investigator card), may use several
//     (each ↺ ability at most once per occurrence: LCG §3 Ability; each
//     copy of a fast event is its own card) and passes to hand the point
//     to the next investigator;
//  3. a "would" event that was cancelled (Dodge, Ward of Protection) or
//     replaced ("instead": Cover Up, Grotesque Statue) stops offering
//     abilities on the original event (LCG §3 Instead); otherwise its
//     default resolution (Then) is applied. Aquinnah only redirects an
//     attack's damage (the event's N), so Dodge may still cancel it.
//
// Events live on a stack in the state (State.Events, LIFO like the effect
// stack, innermost last) whose capacity, maxEvents, is made once and never
// grown: the pipeline allocates nothing and pointers into it stay valid
// while nested events come and go (a point that would overflow it is an
// engine error: a panic). A host handler that must
// learn how a "would" event ended (cancelled, replaced) emits it with
// evKeep and reads it back with takeEvent once the trigger frame is done.

// trigKind is a timing point of the engine.
type trigKind uint8

// Timing points. Seat is the investigator the event concerns, Subj its card
// or enemy, Loc its location, N an amount.
const (
	tpAfterDamage      trigKind = iota // after damage/horror is placed on the investigators of Seats (Amt: per seat)
	tpEndTurn                          // at the end of Seat's turn
	tpAfterInvestigate                 // after Seat investigates location Loc (N: margin; evSuccess)
	tpAfterDefeat                      // after Seat defeats enemy Subj
	tpAfterEvade                       // after Seat evades enemy Subj
	tpWhenSpawn                        // when enemy Subj spawns at Loc
	tpWhenAttack                       // when enemy Subj attacks Seat (would: cancel, instead)
	tpAfterAttack                      // after enemy Subj attacked Seat
	tpWhenReveal                       // when Seat would reveal a chaos token for a test (instead)
	tpTokenRevealed                    // when a chaos token is revealed for Seat's test (cancel the token)
	tpTokenResolved                    // when the revealed token's modifier is known (N: it)
	tpWhenFail                         // when Seat would fail a skill test
	tpWhenTreachery                    // when Seat draws the non-weakness treachery Subj (cancel its revelation)
	tpWhenDiscover                     // when Seat would discover N clues at Loc (instead)
	tpAfterPlay                        // after Seat plays card Subj
	tpAfterPhaseBegin                  // after a phase begins (LCG §5.2 1.1, 3.1)
	tpAfterEnter                       // after Seat enters location Loc (Subj: the location)
	tpAfterTest                        // after Seat's skill test is resolved (N: margin; evSuccess)
	tpAfterEnterPlay                   // after card Subj enters Seat's play area
	tpWhenAssetDamaged                 // when an enemy attack (N: the enemy) deals damage to Seat's asset Subj
	numTrig
)

// Timing words (LCG §3 When, §3 After).
const (
	twWhen  uint8 = iota // "when … (would)": before the effect is applied
	twAt                 // "at": the framework's own points
	twAfter              // "after": once it is applied
)

var trigTiming = [numTrig]uint8{
	tpAfterDamage: twAfter, tpEndTurn: twAt, tpAfterInvestigate: twAfter, tpAfterDefeat: twAfter,
	tpAfterEvade: twAfter, tpWhenSpawn: twWhen, tpWhenAttack: twWhen, tpAfterAttack: twAfter,
	tpWhenReveal: twWhen, tpTokenRevealed: twWhen, tpTokenResolved: twWhen, tpWhenFail: twWhen,
	tpWhenTreachery: twWhen, tpWhenDiscover: twWhen, tpAfterPlay: twAfter, tpAfterPhaseBegin: twAfter,
	tpAfterEnter: twAfter, tpAfterTest: twAfter, tpAfterEnterPlay: twAfter, tpWhenAssetDamaged: twWhen,
}

var trigNames = [numTrig]string{
	"after damage/horror is placed", "at the end of the turn", "after investigating", "after defeating an enemy",
	"after evading an enemy", "when an enemy spawns", "when an enemy attacks", "after an enemy attacks",
	"when a chaos token would be revealed", "when a chaos token is revealed", "when a token's modifier is known",
	"when a skill test would fail", "when a treachery is drawn", "when clues would be discovered",
	"after a card is played", "after a phase begins", "after entering a location", "after a skill test",
	"after a card enters play", "when an attack damages an asset",
}

// Event flags.
const (
	evCancelled uint8 = 1 << iota // a cancel effect stopped it (LCG §3 Cancel)
	evReplaced                    // an "instead" effect replaced it (LCG §3 Instead)
	evKeep                        // the emitting handler reads it back (takeEvent)
	evSuccess                     // tpAfterInvestigate: the investigation succeeded
	evAutoFail                    // tpAfterInvestigate: the test failed automatically
)

// Default resolutions of "would" events, applied unless cancelled or replaced.
const (
	thenNone     uint8 = iota
	thenDiscover       // discover N clues at Loc for Seat
)

// maxEvents bounds the events in resolution at once; maxTrigOpts the
// options of one reaction prompt.
const (
	maxEvents   = 32
	maxTrigOpts = 48
)

// event is one occurrence of a timing point.
type event struct {
	Kind   trigKind
	Flags  uint8
	Step   uint8 // 0 forced abilities, 1 reactions
	Cursor int8  // player-order cursor of the reactions
	Seat   int8
	Loc    int8
	Seats  uint8 // investigators the event concerns (bit per seat)
	Then   uint8
	Subj   int16
	N      int32
	Amt    [MaxInvestigators]int16 // tpAfterDamage: damage | horror<<8 placed on each investigator
	Forced uint64                  // forced abilities still to resolve: bit 4·forced index + seat
	Used   uint64                  // reactions the current investigator used at this occurrence
}

func (e *event) write(w *game.Writer) {
	w.U8(uint8(e.Kind))
	w.U8(e.Flags)
	w.U8(e.Step)
	w.U8(uint8(e.Cursor))
	w.U8(uint8(e.Seat))
	w.U8(uint8(e.Loc))
	w.U8(e.Seats)
	w.U8(e.Then)
	w.I32(int32(e.Subj))
	w.I32(e.N)
	game.Ints(w, e.Amt[:])
	w.I32(int32(e.Forced))
	w.I32(int32(e.Forced >> 32))
	w.I32(int32(e.Used))
	w.I32(int32(e.Used >> 32))
}

// Where a triggered ability works from (LCG §3 Ability: in play, unless it
// says it works from an out-of-play area).
const (
	fromInvestigator uint8 = iota // the investigator card (option ActChoose)
	fromPlay                      // an asset the investigator controls (option ActAbility+2·slot)
	fromHand                      // a fast event in hand, or on the discard with Wendy's Amulet (option: play it)
	fromThreat                    // a card in the investigator's threat area (option ActThreat+slot)
	fromScenario                  // the event's enemy, location or attachment (forced abilities)
	fromHandCard                  // a card in hand that works from there without being played (Dark Memory)
)

// Who may use a triggered ability.
const (
	whoSelf uint8 = iota // each investigator the event concerns ("you")
	whoHere              // each investigator at the event's location
	whoAll               // each investigator
)

// trigAbility is one triggered ability subscribed to a timing point.
type trigAbility struct {
	// seq is the ability's place in the table (the order reactions are
	// offered in, and the forced indexes of the first forced ones: team.go's
	// fx…), fixed by the ability so the file a card lives in changes nothing.
	seq    int8
	kind   trigKind
	name   string
	card   cards.ID
	from   uint8
	who    uint8
	forced bool // "Forced –": fires by itself (LCG §3 Forced Abilities)
	round  uint8
	phase  uint8 // limit once per round / per phase: bits of UsedRound / UsedPhase (LCG §3 Limits and Maximums)
	// ok: the ability can be used (its condition holds and its effect could
	// change the game state: LCG §3 Ability); nil: always.
	ok func(s *State, ev *event, seat int, id int16) bool
	// opts adds the ability's options to a reaction prompt; nil: one option.
	opts func(s *State, ev *event, seat int, id int16, p *game.Prompt)
	// run resolves it, with the option chosen (zero for forced ones).
	run func(s *State, ev *event, seat int, id int16, o game.Option)
}

var (
	trigAbilities []trigAbility
	trigByKind    [numTrig][]int8 // ability indexes per timing point, in table order
	trigForcedIdx []int8          // ability index → forced index (bits of event.Forced), or -1
	trigForced    []int8          // forced index → ability index
	trigKindMask  [numTrig]uint64 // ability bits per timing point
	trigCardMask  []uint64        // ability bits per card (index cards.ID)
)

// trigCore is the table of the cards' triggered abilities in seq order (it
// fixes the first forced indexes); trigExtra the abilities scenario files
// add (registerMoreTriggers), indexed after it whatever the init order.
var trigCore, trigExtra []trigAbility

// registerTriggers adds triggered abilities of cards to the core table, in
// the order of their seq (a card's own file registers them, at init).
func registerTriggers(list ...trigAbility) {
	trigCore = append(trigCore, list...)
	sort.SliceStable(trigCore, func(i, j int) bool { return trigCore[i].seq < trigCore[j].seq })
	for i := 1; i < len(trigCore); i++ {
		if trigCore[i].seq == trigCore[i-1].seq {
			panic(fmt.Sprintf("lcg: triggered abilities %q and %q share seq %d", trigCore[i-1].name, trigCore[i].name, trigCore[i].seq))
		}
	}
	indexTriggers()
}

// registerMoreTriggers adds a scenario's or card module's triggered
// abilities after the core table.
func registerMoreTriggers(list []trigAbility) {
	trigExtra = append(trigExtra, list...)
	indexTriggers()
}

// indexTriggers rebuilds the tables from trigCore and trigExtra.
func indexTriggers() {
	list := append(append([]trigAbility(nil), trigCore...), trigExtra...)
	trigAbilities = list
	if len(list) > 64 {
		panic("lcg: more than 64 triggered abilities")
	}
	trigByKind = [numTrig][]int8{}
	trigKindMask = [numTrig]uint64{}
	trigForced = nil
	trigForcedIdx = make([]int8, len(list))
	trigCardMask = make([]uint64, len(cards.All()))
	for i := range list {
		a := &list[i]
		trigByKind[a.kind] = append(trigByKind[a.kind], int8(i))
		trigKindMask[a.kind] |= 1 << uint(i)
		trigCardMask[a.card] |= 1 << uint(i)
		trigForcedIdx[i] = -1
		if a.forced {
			trigForcedIdx[i] = int8(len(trigForced))
			trigForced = append(trigForced, int8(i))
		}
	}
	if len(trigForced) > 16 {
		panic("lcg: more than 16 forced abilities")
	}
}

// source returns the instance through which seat has ability a at event ev
// (the investigator card, the asset, the card in hand, the threat card, the
// scenario card), with its default option code, or -1.
func (s *State) trigSource(a *trigAbility, ev *event, seat int) (int16, game.ActionCode) {
	switch a.from {
	case fromInvestigator:
		if s.isInvestigator(seat, a.card) {
			return s.Inv[seat].Card, ActChoose
		}
	case fromPlay:
		for pi, id := range s.Inv[seat].Play {
			if pi < MaxPlay && s.Cards[id].Def == a.card {
				return id, ActAbility + game.ActionCode(2*pi)
			}
		}
	case fromHand:
		return s.playableAt(seat, a.card)
	case fromThreat:
		for t, id := range s.Inv[seat].Threat {
			if t < MaxThreat && s.Cards[id].Def == a.card {
				return id, ActThreat + game.ActionCode(t)
			}
		}
	case fromScenario:
		return ev.Subj, 0
	case fromHandCard:
		if h := s.handSlotOf(seat, a.card); h >= 0 {
			return s.Inv[seat].Hand[h], ActPlay + game.ActionCode(h)
		}
	}
	return -1, 0
}

// trigSeats returns the investigators who may use ability a at ev.
func (s *State) trigSeats(a *trigAbility, ev *event) uint8 {
	var m uint8
	switch a.who {
	case whoSelf:
		m = ev.Seats
	case whoHere:
		for i := 0; i < int(s.N); i++ {
			if s.Inv[i].Loc == ev.Loc {
				m |= 1 << uint(i)
			}
		}
	case whoAll:
		m = 0xf
	}
	for i := 0; i < int(s.N); i++ {
		if !s.inGame(i) {
			m &^= 1 << uint(i)
		}
	}
	return m
}

// usable reports whether seat can use ability k at ev now, and through which
// instance (with its default option code).
func (s *State) usable(k int, ev *event, seat int) (int16, game.ActionCode, bool) {
	a := &trigAbilities[k]
	if a.from == fromScenario {
		// A forced ability of the event's own enemy, location or attachment.
		return ev.Subj, 0, a.ok == nil || a.ok(s, ev, seat, ev.Subj)
	}
	if s.trigSeats(a, ev)&(1<<uint(seat)) == 0 {
		return -1, 0, false
	}
	v := &s.Inv[seat]
	if v.UsedRound&a.round != 0 || v.UsedPhase&a.phase != 0 {
		return -1, 0, false
	}
	id, code := s.trigSource(a, ev, seat)
	if id < 0 {
		return -1, 0, false
	}
	if a.ok != nil && !a.ok(s, ev, seat, id) {
		return -1, 0, false
	}
	return id, code, true
}

// anyTrigger reports whether some ability could fire or be used at ev.
func (s *State) anyTrigger(ev *event) bool {
	for _, k := range trigByKind[ev.Kind] {
		if s.trigLive&(1<<uint(k)) == 0 {
			continue // its card is not in this game
		}
		a := &trigAbilities[k]
		if a.from == fromScenario {
			if _, _, ok := s.usable(int(k), ev, int(ev.Seat&3)); ok {
				return true
			}
			continue
		}
		m := s.trigSeats(a, ev)
		for i := 0; i < int(s.N); i++ {
			if m&(1<<uint(i)) != 0 {
				if _, _, ok := s.usable(int(k), ev, i); ok {
					return true
				}
			}
		}
	}
	return false
}

// newEvent puts ev on the event stack and returns its index; a full stack
// is an engine error (a panic), never a timing point silently dropped.
func (s *State) newEvent(ev event) int {
	k := len(s.Events)
	if k >= maxEvents {
		panic(fmt.Sprintf("lcg: capacity: more than %d timing points in resolution at once (maxEvents, triggers.go)", maxEvents))
	}
	s.Events = append(s.Events, ev) // within capacity: no allocation, no move
	return k
}

// emit opens timing point ev: it pushes the opTrigger frame that resolves
// its abilities, and reports whether it did (nothing could fire or be used:
// no frame, no event; a "would" event's Then is applied at once).
func (s *State) emit(ev event) bool {
	if s.trigLive&trigKindMask[ev.Kind] == 0 {
		s.applyThen(&ev) // no card of this game subscribes to the point
		return false
	}
	if ev.Seats == 0 && ev.Seat >= 0 {
		ev.Seats = 1 << uint(ev.Seat)
	}
	k := s.newEvent(ev) // on the stack while its abilities are checked
	if !s.anyTrigger(&s.Events[k]) {
		s.Events = s.Events[:k]
		s.applyThen(&ev)
		return false
	}
	s.push(opTrigger, int(ev.Seat), int32(ev.Subj), -1, int32(k), 0)
	return true
}

// takeEvent pops the kept event the frame below the trigger frame emitted.
func (s *State) takeEvent() event {
	k := len(s.Events) - 1
	ev := s.Events[k]
	s.Events = s.Events[:k]
	return ev
}

// applyThen applies a "would" event's default resolution.
func (s *State) applyThen(ev *event) {
	if ev.Flags&(evCancelled|evReplaced) != 0 {
		return
	}
	switch ev.Then {
	case thenDiscover:
		s.discoverClues(int(ev.Seat), int(ev.Loc), int(ev.N))
	}
}

// hTrigger resolves the timing point of event Frame A (see the top of the file).
func (s *State) hTrigger(f *game.Frame) game.Control {
	ev := &s.Events[f.A]
	if ev.Step == 0 {
		if c, done := s.trigForcedStep(f, ev); !done {
			return c
		}
		ev.Step, ev.Cursor, ev.Used = 1, 0, 0
	}
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		seat := int(s.prompt.Actor)
		if o.Code == ActPass {
			ev.Cursor++
			ev.Used = 0
		} else {
			k := int(s.trigOpt[f.Answer])
			s.useReaction(k, ev, seat, o)
			return s.cont(game.Again) // what it caused resolves first
		}
	}
	for ev.Flags&(evCancelled|evReplaced) == 0 && int(ev.Cursor) < int(s.N) {
		seat := s.seatAt(int(ev.Cursor))
		p := s.ask(seat, PkReaction, int32(ev.Subj))
		p.Add(ActPass, 0, 0)
		for _, k := range trigByKind[ev.Kind] {
			a := &trigAbilities[k]
			if a.forced || ev.Used&(1<<uint(k)) != 0 || s.trigLive&(1<<uint(k)) == 0 {
				continue
			}
			id, code, ok := s.usable(int(k), ev, seat)
			if !ok {
				continue
			}
			n := len(p.Options)
			if a.opts != nil {
				a.opts(s, ev, seat, id, p)
			} else {
				p.Add(code, int32(id), 0)
			}
			for i := n; i < len(p.Options) && i < maxTrigOpts; i++ {
				s.trigOpt[i] = k
			}
			if len(p.Options) > maxTrigOpts {
				panic(fmt.Sprintf("lcg: capacity: a reaction prompt with more than %d options (maxTrigOpts, triggers.go)", maxTrigOpts))
			}
		}
		if len(p.Options) > 1 {
			f.Who = game.AgentID(seat)
			return game.Wait
		}
		ev.Cursor++
		ev.Used = 0
	}
	s.applyThen(ev)
	if ev.Flags&evKeep == 0 {
		s.Events = s.Events[:f.A] // the innermost event: those it caused are done
	}
	return s.cont(game.Done)
}

// useReaction resolves reaction k for seat with option o.
func (s *State) useReaction(k int, ev *event, seat int, o game.Option) {
	a := &trigAbilities[k]
	if a.from != fromHand {
		// Each ↺ ability at most once per occurrence (LCG §3 Ability). A
		// fast event leaves the hand when played: another copy is another
		// card and may be played too.
		ev.Used |= 1 << uint(k)
	}
	v := &s.Inv[seat]
	v.UsedRound |= a.round
	v.UsedPhase |= a.phase
	id, _ := s.trigSource(a, ev, seat)
	a.run(s, ev, seat, id, o)
}

// trigForcedStep resolves the forced abilities of ev: it collects them on
// the first run, then resolves them one by one, the lead ordering them when
// several remain (LCG §3 Priority of Simultaneous Resolution). It reports
// done once none is left.
func (s *State) trigForcedStep(f *game.Frame, ev *event) (game.Control, bool) {
	if f.Answer == game.NoAnswer && ev.Forced == 0 && ev.Cursor == 0 {
		ev.Cursor = -1 // collected
		for _, k := range trigByKind[ev.Kind] {
			a := &trigAbilities[k]
			if !a.forced || s.trigLive&(1<<uint(k)) == 0 {
				continue
			}
			fi := uint(trigForcedIdx[k])
			for i := 0; i < int(s.N); i++ {
				seat := i
				if a.from == fromScenario {
					seat = int(ev.Seat & 3)
					if i > 0 {
						break
					}
				}
				if _, _, ok := s.usable(int(k), ev, seat); ok {
					ev.Forced |= 1 << (4*fi + uint(seat))
				}
			}
		}
	}
	if f.Answer != game.NoAnswer {
		b := uint(s.chosen(f).Arg)
		ev.Forced &^= 1 << b
		s.resolveForcedBit(ev, b)
		return s.cont(game.Again), false
	}
	switch bits.OnesCount64(ev.Forced) {
	case 0:
		return game.Done, true
	case 1:
		b := uint(bits.TrailingZeros64(ev.Forced))
		ev.Forced = 0
		s.resolveForcedBit(ev, b)
		return s.cont(game.Again), false
	}
	p := s.ask(s.leadSeat(), PkOrder, int32(ev.Subj))
	n := 0
	for b := uint(0); b < 64; b++ {
		if ev.Forced&(1<<b) != 0 {
			p.Add(ActChoose+game.ActionCode(n), int32(b), 0)
			n++
		}
	}
	return game.Wait, false
}

// resolveForcedBit resolves forced ability bit b (4·forced index + seat).
func (s *State) resolveForcedBit(ev *event, b uint) {
	k := int(trigForced[b/4])
	seat := int(b % 4)
	a := &trigAbilities[k]
	if a.from != fromScenario && !s.inGame(seat) {
		return
	}
	id, _ := s.trigSource(a, ev, seat)
	if id < 0 && a.from != fromScenario {
		return // it left play: it does not fire
	}
	a.run(s, ev, seat, id, game.Option{})
}

// forcedName names the forced ability of a PkOrder option (Arg: its bit).
func forcedName(arg int32) string {
	k := uint(arg) / 4
	if int(k) < len(trigForced) {
		return trigAbilities[trigForced[k]].name
	}
	return "?"
}

// canDiscoverHere reports whether an effect "discover N clues at your
// location" could change the game state for seat: its location has a clue
// and nothing forbids seat to discover clues (an engaged The Masked
// Hunter: clueLocked). An ability or event with that effect cannot be
// initiated otherwise (LCG §3 Ability: "its effect could change the game
// state"; §3 Cannot).
func (s *State) canDiscoverHere(seat int) bool {
	loc := s.LocInst[s.Inv[seat].Loc]
	return loc >= 0 && s.Cards[loc].Clues > 0 && !s.clueLocked(seat)
}

// wouldFail reports whether the current test would fail now (LCG §6 ST.6),
// short of an automatic failure.
func (s *State) wouldFail() bool {
	if len(s.Tests) == 0 {
		return false
	}
	t := s.test()
	s.judge(t)
	return t.Flags&(tfSuccess|tfAutoFail) == 0
}

// eventIndex returns the index of ev on the event stack.
func (s *State) eventIndex(ev *event) int {
	for k := range s.Events {
		if &s.Events[k] == ev {
			return k
		}
	}
	return -1
}
