package lcgobs

import (
	"fmt"
	"slices"
	"sync"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Encoder is the encode.Encoder of the ArkhamLCG/* envs. One encoder serves
// every state of a scenario configuration; it holds no per-state memory, so
// several goroutines may share it.
type Encoder struct {
	*shared
}

// New builds the encoder for a scenario's game info (lcg.Scenario.Info). The
// layout does not depend on the number of investigators: rows for absent
// seats are zero. Encoders of infos with the same action names and prompt
// kinds share one layout and one set of action names (see sharedFor).
func New(info *game.Info) (*Encoder, error) {
	if info.Actions != lcg.NumActions || len(info.ActionNames) != lcg.NumActions {
		return nil, fmt.Errorf("lcgobs: %s has %d actions, want the LCG vocabulary of %d", info.Name, info.Actions, lcg.NumActions)
	}
	if len(info.PromptKinds) != prViewerActs-prKind {
		return nil, fmt.Errorf("lcgobs: %s has %d prompt kinds, want %d", info.Name, len(info.PromptKinds), prViewerActs-prKind)
	}
	if info.Agents < 1 || info.Agents > seats {
		return nil, fmt.Errorf("lcgobs: %s has %d seats, want 1 to %d", info.Name, info.Agents, seats)
	}
	return &Encoder{sharedFor(info)}, nil
}

// shared is what encoders of one action vocabulary and one list of prompt
// kinds have in common, built once: the layout (with its docs), the offsets
// the step path reads, and the action names. It is never changed once built.
type shared struct {
	kinds, actions []string // the info's PromptKinds and ActionNames
	layout         *encode.Layout
	at             offsets
	names          []string // ActionName of each id
}

// maxShared bounds the cache of sharedFor (a process rarely has more than
// one vocabulary; past the bound the oldest is forgotten).
const maxShared = 16

var sharedCache struct {
	sync.Mutex
	list []*shared
}

// sharedFor returns the shared part for info: the cached one built for the
// same prompt kinds and action names, or a new one (then cached, the oldest
// forgotten past maxShared). Comparing the names costs a few hundred string
// compares, most of them of identical pointers: far less than building the
// docs again.
func sharedFor(info *game.Info) *shared {
	sharedCache.Lock()
	defer sharedCache.Unlock()
	for _, sh := range sharedCache.list {
		if slices.Equal(sh.kinds, info.PromptKinds) && slices.Equal(sh.actions, info.ActionNames) {
			return sh
		}
	}
	sh := &shared{kinds: slices.Clone(info.PromptKinds), actions: slices.Clone(info.ActionNames)}
	sh.layout, sh.at = newLayout(info)
	sh.names = make([]string, lcg.NumActions)
	for a := range sh.names {
		sh.names[a] = info.ActionNames[a] + ": " + meaning(a)
	}
	if len(sharedCache.list) == maxShared { // forget the oldest
		sharedCache.list = append(sharedCache.list[:0], sharedCache.list[1:]...)
	}
	sharedCache.list = append(sharedCache.list, sh)
	return sh
}

// Layout implements encode.Encoder. The layout is shared by every encoder of
// the same vocabulary: callers must not change it.
func (e *Encoder) Layout() *encode.Layout { return e.layout }

// Encode implements encode.Encoder: it writes what viewer can see of s into
// o, which must be laid out by Layout. It reads nothing hidden from viewer
// (LCG §12.4) and does not allocate. s must be an *lcg.State.
func (e *Encoder) Encode(gs game.State, viewer game.AgentID, o encode.Obs) {
	e.encode(gs, viewer, o, nil)
}

// EncodeTouched implements encode.TouchEncoder: Encode, clearing o only
// where the record t says the last encoding wrote, and marking in t every
// block it writes.
func (e *Encoder) EncodeTouched(gs game.State, viewer game.AgentID, o encode.Obs, t *encode.Touched) {
	e.encode(gs, viewer, o, t)
}

// encode is Encode, keeping the record t when it is not nil.
func (e *Encoder) encode(gs game.State, viewer game.AgentID, o encode.Obs, t *encode.Touched) {
	s, ok := gs.(*lcg.State)
	if !ok {
		panic(fmt.Sprintf("lcgobs: Encode needs an *lcg.State, got %T", gs))
	}
	o.Begin(t)
	n := int(s.N)
	v := int(viewer)
	if v < 0 || v >= n {
		v = 0
	}
	w := writer{s: s, o: o, t: t, at: &e.at, n: n, v: v}
	p := s.Prompt()
	w.decides = p.Actor == game.AgentID(v) && !s.Over()
	w.enemies() // first: it counts the engagements and enemies per location the others write
	w.global()
	w.investigators()
	w.locations()
	w.hand(p)
	w.zones()
	w.chaos()
	w.prompt(p)
	w.skillTest()
	w.options(p)
	w.campaign()
}

// writer holds what one Encode call needs.
type writer struct {
	s       *lcg.State
	o       encode.Obs
	t       *encode.Touched // if not nil, what is written is marked there first
	at      *offsets
	n, v    int
	decides bool // the viewer must answer the prompt

	engaged    [seats]int            // enemies engaged with each seat
	enemiesAt  [lcg.MaxLocations]int // enemies at each location slot
	handOffers [lcg.MaxHand]uint8    // bits: play, commit, discard, mulligan
}

// row is the investigator row of seat (0 is the viewer).
func (w *writer) row(seat int) int { return (seat - w.v + w.n) % w.n }

// seatOf is the seat of investigator row r.
func (w *writer) seatOf(r int) int { return (w.v + r) % w.n }

// f returns elements [off, off+size) of the float32 buffer, to be written.
func (w *writer) f(off, size int) []float32 {
	if w.t != nil {
		markF32(w.t, off, size)
	}
	return w.o.F32[off : off+size]
}

// ints returns elements [off, off+size) of the int32 buffer, to be written.
func (w *writer) ints(off, size int) []int32 {
	if w.t != nil {
		markI32(w.t, off, size)
	}
	return w.o.I32[off : off+size]
}

// markF32 and markI32 mark a range of a Touched record; kept out of line so
// that f and ints stay small enough to be inlined on the step path.
//
//go:noinline
func markF32(t *encode.Touched, off, size int) { t.MarkF32(off, size) }

//go:noinline
func markI32(t *encode.Touched, off, size int) { t.MarkI32(off, size) }

// setI writes v at element off of the int32 buffer.
func (w *writer) setI(off int, v int32) {
	if w.t != nil {
		w.t.MarkI32(off, 1)
	}
	w.o.I32[off] = v
}

func (w *writer) def(id int16) cards.ID { return w.s.Cards[id].Def }

// visible reports whether card instance id is public or the viewer's own
// (LCG §12.4): not in a deck, the encounter deck, set aside or another
// investigator's hand.
func (w *writer) visible(id int32) bool {
	if id < 0 || int(id) >= len(w.s.Cards) {
		return false
	}
	c := &w.s.Cards[id]
	switch c.Zone {
	case lcg.ZoneNone, lcg.ZoneDeck, lcg.ZoneEncDeck, lcg.ZoneSetAside:
		return false
	case lcg.ZoneHand:
		return int(c.Ctrl) == w.v
	case lcg.ZoneBoard:
		if cards.All()[c.Def].Type == cards.Location {
			return c.Revealed
		}
	}
	return true
}

func (w *writer) global() {
	s := w.s
	g := w.f(w.at.global, globalCols)
	g[gRound] = float32(s.Round)
	if int(s.Phase) < len(phaseNames) {
		g[gPhase+int(s.Phase)] = 1
	}
	if d := int(s.DifficultyLevel()); d < len(difficultyNames) {
		g[gDifficulty+d] = 1
	}
	g[gInvestigators] = float32(w.n)
	clues := 0
	for i := 0; i < w.n; i++ {
		if s.InGame(i) {
			g[gInGame]++
			clues += int(s.Inv[i].Clues)
		}
	}
	g[gActStage] = float32(s.Act + 1)
	g[gAgendaStage] = float32(s.Agenda + 1)
	g[gAgendaDoom] = float32(s.AgendaDoom)
	g[gDoom] = float32(doomInPlay(s))
	g[gDoomThreshold] = float32(s.AgendaDoomThreshold())
	need := s.ActClueThreshold()
	left := need - clues
	if on, goal := s.ActCluesOnAct(); goal > 0 {
		// An act whose objective is clues placed on it (The Devourer
		// Below's act 3a): its requirement, less the clues already there.
		need, left = goal, goal-on
	}
	g[gActClues] = float32(need)
	g[gGroupClues] = float32(clues)
	g[gCluesNeeded] = float32(max(left, 0))
	g[gEncounterDeck] = float32(len(s.EncDeck))
	g[gEncounterDisc] = float32(len(s.EncDiscard))
	all := cards.All()
	for _, id := range s.Victory {
		g[gVictoryPoints] += float32(all[w.def(id)].Victory)
	}
	g[gViewerLead] = b2f(int(s.Lead) == w.v)
	g[gViewerActive] = b2f(int(s.Active) == w.v)
	g[gSomeoneActive] = b2f(s.Active >= 0)
	g[gOver] = b2f(s.Over())
	w.setI(w.at.actCard, int32(s.ActCard()))
	w.setI(w.at.agendaCard, int32(s.AgendaCard()))
}

func (w *writer) investigators() {
	s := w.s
	for r := 0; r < w.n; r++ {
		seat := w.seatOf(r)
		inv := &s.Inv[seat]
		var x []float32
		if r == 0 {
			x = w.f(w.at.self, invCols)
		} else {
			x = w.f(w.at.others+(r-1)*invCols, invCols)
		}
		w.setI(w.at.seat+r, int32(seat))
		w.setI(w.at.invCard+r, int32(inv.Def))
		in := s.InGame(seat)
		x[iPresent] = 1
		x[iInGame] = b2f(in)
		x[iKilled] = b2f(inv.Out == lcg.OutDamage || inv.Out == lcg.OutBoth)
		x[iInsane] = b2f(inv.Out == lcg.OutHorror || inv.Out == lcg.OutBoth)
		x[iResigned] = b2f(inv.Out == lcg.OutResigned)
		x[iLead] = b2f(int(s.Lead) == seat)
		x[iActive] = b2f(int(s.Active) == seat)
		x[iTookTurn] = b2f(inv.TookTurn)
		if in && inv.Loc >= 0 && int(inv.Loc) < lcg.MaxLocations {
			x[iLocation+int(inv.Loc)] = 1
		}
		x[iDamage] = float32(inv.Damage)
		x[iHorror] = float32(inv.Horror)
		d := &cards.All()[inv.Def]
		x[iHealthLeft] = float32(int(d.Health) - int(inv.Damage))
		x[iSanityLeft] = float32(int(d.Sanity) - int(inv.Horror))
		x[iClues] = float32(inv.Clues)
		x[iResources] = float32(inv.Resources)
		x[iActions] = float32(inv.Actions)
		x[iTomeAction] = float32(inv.TomeAction)
		for k := 0; k < 4; k++ {
			x[iSkill+k] = float32(s.SkillOf(seat, k))
		}
		x[iHand] = float32(len(inv.Hand))
		x[iDeck] = float32(len(inv.Deck))
		x[iDiscard] = float32(len(inv.Discard))
		x[iPlay] = float32(len(inv.Play))
		x[iThreat] = float32(len(inv.Threat))
		x[iEngaged] = float32(w.engaged[seat])
		x[iMulligan] = b2f(inv.Mulligan)
	}
	for r := w.n; r < seats; r++ {
		w.setI(w.at.seat+r, -1)
	}
}

func (w *writer) locations() {
	s := w.s
	var inPlay [lcg.MaxLocations]bool
	for k := range inPlay {
		inPlay[k] = s.LocationInPlay(k)
	}
	vloc := -1
	if s.InGame(w.v) {
		vloc = int(s.Inv[w.v].Loc)
	}
	for k := 0; k < lcg.MaxLocations; k++ {
		if !inPlay[k] {
			continue
		}
		id := s.LocInst[k]
		c := &s.Cards[id]
		x := w.f(w.at.locations+k*locCols, locCols)
		x[lInPlay] = 1
		if c.Revealed {
			x[lRevealed] = 1
			x[lShroud] = float32(s.ShroudAt(k))
			x[lClues] = float32(c.Clues)
			w.setI(w.at.locCard+k, int32(c.Def))
		}
		x[lDoom] = float32(c.Doom)
		// s.Connects(k, j), with the in-play checks done once above.
		for j := 0; j < lcg.MaxLocations; j++ {
			if j != k && inPlay[j] && s.Conn[k]&(1<<uint(j)) != 0 {
				x[lConnects+j] = 1
			}
		}
		for seat := 0; seat < w.n; seat++ {
			if s.InGame(seat) && int(s.Inv[seat].Loc) == k {
				x[lHere+w.row(seat)] = 1
			}
		}
		x[lEnemies] = float32(w.enemiesAt[k])
		x[lViewerHere] = b2f(vloc == k)
		x[lCanMove] = b2f(s.MayMove(w.v, k))
	}
}

func (w *writer) enemies() {
	s := w.s
	all := cards.All()
	vloc := int8(-1)
	if s.InGame(w.v) {
		vloc = s.Inv[w.v].Loc
	}
	for k, id := range s.Enemies {
		if k >= lcg.MaxEnemies {
			break
		}
		if id < 0 {
			continue
		}
		c := &s.Cards[id]
		d := &all[c.Def]
		w.setI(w.at.enemyCard+k, int32(c.Def))
		x := w.f(w.at.enemies+k*enemyCols, enemyCols)
		x[eePresent] = 1
		// Fight and evade with the modifiers that apply now (an agenda's,
		// the enemy's own: LCG §3 Modifiers), not the printed values.
		x[eeFight], x[eeEvade] = float32(s.EnemyFight(id)), float32(s.EnemyEvade(id))
		h := s.EnemyHealthOf(id)
		x[eeHealth], x[eeDamage], x[eeHealthLeft] = float32(h), float32(c.Damage), float32(h-int(c.Damage))
		x[eeAttackDamage], x[eeAttackHorror] = float32(d.Damage), float32(d.Horror)
		x[eeExhausted] = b2f(c.Exhausted)
		for seat := 0; seat < w.n; seat++ {
			if s.EngagedWith(id, seat) {
				x[eeEngaged] = 1
				x[eeEngagedRow+w.row(seat)] = 1
				w.engaged[seat]++
			}
		}
		loc := c.Loc
		if c.Zone == lcg.ZoneThreat && c.Ctrl >= 0 {
			loc = s.Inv[c.Ctrl].Loc
		}
		if loc >= 0 && int(loc) < lcg.MaxLocations {
			w.setI(w.at.enemyLoc+k, int32(loc)+1)
			w.enemiesAt[loc]++
		}
		x[eeAtViewer] = b2f(loc >= 0 && loc == vloc)
		hunter, retaliate, aloof, massive := s.EnemyKeywords(id) // gained or blanked (LCG §3 Keywords)
		x[eeHunter], x[eeRetaliate], x[eeAloof], x[eeMassive] = b2f(hunter), b2f(retaliate), b2f(aloof), b2f(massive)
		x[eeDoom] = float32(c.Doom)
		x[eeVictory] = float32(d.Victory)
	}
}

// hand writes the viewer's hand, with what the prompt offers for each slot
// when the viewer decides.
func (w *writer) hand(p *game.Prompt) {
	if w.decides {
		for _, opt := range p.Options {
			switch c := opt.Code; {
			case c >= lcg.ActPlay && c < lcg.ActPlay+lcg.MaxHand:
				w.handOffers[c-lcg.ActPlay] |= 1
			case c >= lcg.ActCommit && c < lcg.ActCommit+lcg.MaxHand:
				w.handOffers[c-lcg.ActCommit] |= 2
			case c >= lcg.ActDiscard && c < lcg.ActDiscard+lcg.MaxHand:
				w.handOffers[c-lcg.ActDiscard] |= 4
			case c >= lcg.ActMulligan && c < lcg.ActMulligan+lcg.MaxHand:
				w.handOffers[c-lcg.ActMulligan] |= 8
			}
		}
	}
	for h, id := range w.s.Inv[w.v].Hand {
		if h >= lcg.MaxHand {
			break
		}
		d := w.def(id)
		w.setI(w.at.handCard+h, int32(d))
		x := w.f(w.at.hand+h*handCols, handCols)
		x[hPresent] = 1
		copy(x[hCard:hCard+cardCols], cardFeatures[d][:])
		m := w.handOffers[h]
		x[hPlayable], x[hCommit], x[hDiscard], x[hMulligan] = float32(m&1), float32(m>>1&1), float32(m>>2&1), float32(m>>3&1)
	}
}

// zones writes the play and threat areas, the board, the discard piles, the
// victory display and the cards being resolved.
func (w *writer) zones() {
	s := w.s
	all := cards.All()
	for r := 0; r < w.n; r++ {
		inv := &s.Inv[w.seatOf(r)]
		for p, id := range inv.Play {
			if p >= lcg.MaxPlay {
				break
			}
			c := &s.Cards[id]
			d := &all[c.Def]
			slot := r*lcg.MaxPlay + p
			w.setI(w.at.playCard+slot, int32(c.Def))
			x := w.f(w.at.play+slot*playCols, playCols)
			x[pPresent] = 1
			x[pExhausted] = b2f(c.Exhausted)
			x[pDamage], x[pHorror], x[pClues], x[pDoom], x[pUses] = float32(c.Damage), float32(c.Horror), float32(c.Clues), float32(c.Doom), float32(c.Uses)
			x[pHealth], x[pSanity] = float32(d.Health), float32(d.Sanity)
			x[pAttached] = b2f(c.Host >= 0)
		}
		for t, id := range inv.Threat {
			if t >= lcg.MaxThreat {
				break
			}
			c := &s.Cards[id]
			slot := r*lcg.MaxThreat + t
			w.setI(w.at.threatCard+slot, int32(c.Def))
			x := w.f(w.at.threat+slot*threatCols, threatCols)
			x[tPresent] = 1
			x[tEnemy] = b2f(all[c.Def].Type == cards.Enemy)
			x[tExhausted] = b2f(c.Exhausted)
			x[tDamage], x[tHorror], x[tDoom] = float32(c.Damage), float32(c.Horror), float32(c.Doom)
		}
		recent(s, w.ints(w.at.discard+r*MaxDiscard, min(MaxDiscard, len(inv.Discard))), inv.Discard)
	}
	b := 0
	for _, id := range s.Board {
		c := &s.Cards[id]
		if t := all[c.Def].Type; t == cards.Location || t == cards.Enemy {
			continue
		}
		if b == MaxBoard {
			break
		}
		w.setI(w.at.boardCard+b, int32(c.Def))
		x := w.f(w.at.board+b*boardCols, boardCols)
		x[bPresent] = 1
		if c.Loc >= 0 && int(c.Loc) < lcg.MaxLocations {
			w.setI(w.at.boardLoc+b, int32(c.Loc)+1)
		}
		x[bAttached] = b2f(c.Host >= 0)
		x[bDoom], x[bClues] = float32(c.Doom), float32(c.Clues)
		b++
	}
	recent(s, w.ints(w.at.encDiscard, min(MaxEncounterDiscard, len(s.EncDiscard))), s.EncDiscard)
	for i, id := range s.Victory {
		if i == MaxVictory {
			break
		}
		w.setI(w.at.victory+i, int32(w.def(id)))
	}
	for i, id := range s.Limbo {
		if i == MaxLimbo {
			break
		}
		w.setI(w.at.limbo+i, int32(w.def(id)))
	}
}

// doomInPlay totals the doom on the agenda and on every card in play (LCG §3
// Doom): investigator cards, play and threat areas, and the board. It walks
// those zones' lists rather than every card, which lcg.State.DoomTotal does;
// TestDoomInPlayMatchesEngine checks that the two agree.
func doomInPlay(s *lcg.State) int {
	n := int(s.AgendaDoom)
	for i := 0; i < int(s.N); i++ {
		inv := &s.Inv[i]
		if inv.Card >= 0 {
			n += int(s.Cards[inv.Card].Doom)
		}
		for _, id := range inv.Play {
			n += int(s.Cards[id].Doom)
		}
		for _, id := range inv.Threat {
			n += int(s.Cards[id].Doom)
		}
	}
	for _, id := range s.Board {
		n += int(s.Cards[id].Doom)
	}
	return n
}

// recent writes the card ids of pile, most recent (last) first, into dst.
func recent(s *lcg.State, dst []int32, pile []int16) {
	for i := 0; i < len(dst) && i < len(pile); i++ {
		dst[i] = int32(s.Cards[pile[len(pile)-1-i]].Def)
	}
}

// tokenKind is the chaos_bag column of a token.
func tokenKind(t int8) int {
	if t >= lcg.TokSkull {
		return min(10+int(t-lcg.TokSkull), ChaosKinds-1)
	}
	return min(max(1-int(t), 0), 9)
}

func (w *writer) chaos() {
	bag := w.f(w.at.bag, ChaosKinds)
	for _, t := range w.s.Bag {
		bag[tokenKind(t)]++
	}
	rev := w.f(w.at.revealed, ChaosKinds)
	for _, t := range w.s.Revealed {
		rev[tokenKind(t)]++
	}
}

func (w *writer) prompt(p *game.Prompt) {
	x := w.f(w.at.prompt, promptCols)
	if int(p.Kind) < prViewerActs-prKind {
		x[prKind+int(p.Kind)] = 1
	}
	if p.Actor >= 0 && int(p.Actor) < w.n {
		x[prActorRow+w.row(int(p.Actor))] = 1
	}
	if w.decides {
		x[prViewerActs] = 1
		x[prOptions] = float32(len(p.Options))
	}
	if w.visible(p.Source) {
		x[prSource] = 1
		w.setI(w.at.sourceCard, int32(w.def(int16(p.Source))))
	}
}

func (w *writer) skillTest() {
	s := w.s
	if len(s.Tests) == 0 {
		return
	}
	t := &s.Tests[len(s.Tests)-1]
	x := w.f(w.at.test, testCols)
	x[stActive] = 1
	if int(t.Tester) < w.n && t.Tester >= 0 {
		x[stTesterRow+w.row(int(t.Tester))] = 1
	}
	if t.Skill >= 0 && t.Skill < 4 {
		x[stSkill+int(t.Skill)] = 1
	}
	kind := s.TestKindOf()
	for k, name := range testKindNames {
		if name == kind {
			x[stKind+k] = 1
		}
	}
	if _, _, value, diff, ok := s.TestStanding(); ok {
		x[stValue], x[stDiff], x[stMargin] = float32(value), float32(diff), float32(value-diff)
	}
	x[stCommitted] = float32(t.NCommit)
	all := cards.All()
	for i := 0; i < int(t.NCommit) && i < len(t.Commit); i++ {
		d := w.def(t.Commit[i])
		if i < MaxCommit {
			w.setI(w.at.testCommit+i, int32(d))
		}
		for k := 0; k < 5; k++ {
			x[stIcons+k] += float32(all[d].Icons[k])
		}
	}
	x[stDepth] = float32(len(s.Tests) - 1)
	if w.visible(int32(t.Src)) {
		w.setI(w.at.testSource, int32(w.def(t.Src)))
	}
	var target cards.ID
	switch kind {
	case "investigate":
		if k := int(t.Target); k >= 0 && k < lcg.MaxLocations && s.LocInst[k] >= 0 && s.Cards[s.LocInst[k]].Revealed {
			target = w.def(s.LocInst[k])
		}
	case "fight", "evade":
		if w.visible(int32(t.Target)) {
			target = w.def(t.Target)
		}
	case "medical":
		if t.Target >= 0 && int(t.Target) < w.n {
			target = s.Inv[t.Target].Def
		}
	}
	w.setI(w.at.testTarget, int32(target))
}

// options writes the option rows when the viewer decides.
func (w *writer) options(p *game.Prompt) {
	acts := w.ints(w.at.optAction, MaxOptions)
	for i := range acts {
		acts[i] = -1
	}
	if !w.decides {
		return
	}
	s := w.s
	actor := &s.Inv[w.v]
	for i, opt := range p.Options {
		if i == MaxOptions {
			break
		}
		a := int(opt.Code)
		gi, k := int(actionGroup[a]), int(actionSlot[a])
		acts[i] = int32(a)
		x := w.f(w.at.options+i*optCols, optCols)
		x[oPresent] = 1
		if gi != undocumented {
			x[oGroup+gi] = 1
		}
		x[oSlot] = float32(k)
		if groups[gi].to == toShop {
			w.shopOption(i, x, k)
			continue
		}
		var ref int16 = -1
		switch groups[gi].to {
		case toLocation:
			ref = s.LocInst[k]
		case toActorPlace:
			if actor.Loc >= 0 && int(actor.Loc) < lcg.MaxLocations {
				ref = s.LocInst[actor.Loc]
			}
		case toEnemy:
			if k < len(s.Enemies) {
				ref = s.Enemies[k]
			}
		case toHand:
			if k < len(actor.Hand) {
				ref = actor.Hand[k]
			}
		case toPlay:
			if k < len(actor.Play) {
				ref = actor.Play[k]
			}
		case toAbility:
			if k/2 < len(actor.Play) {
				ref = actor.Play[k/2]
			}
		case toThreat:
			if k < len(actor.Threat) {
				ref = actor.Threat[k]
			}
		case toSeat:
			if k < w.n {
				ref = s.Inv[k].Card
			}
		case toActor:
			ref = actor.Card
		case toSource:
			ref = int16(p.Source)
		case toDiscardTop:
			if n := len(actor.Discard); n > 0 {
				ref = actor.Discard[n-1]
			}
		}
		if w.visible(int32(ref)) {
			d := w.def(ref)
			w.setI(w.at.optCard+i, int32(d))
			copy(x[oCard:oCard+cardCols], cardFeatures[d][:])
		}
	}
}
