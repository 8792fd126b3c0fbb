package lcgobs

import (
	"fmt"
	"math/bits"
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
	plan           *encode.Plan // the blocks of EncodeIncremental (plan.go)
	blocks         blocks
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
	sh.plan, sh.blocks = newPlan(sh.layout, &sh.at)
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
	e.encode(gs, viewer, o, nil, nil)
}

// EncodeTouched implements encode.TouchEncoder: Encode, clearing o only
// where the record t says the last encoding wrote, and marking in t every
// block it writes.
func (e *Encoder) EncodeTouched(gs game.State, viewer game.AgentID, o encode.Obs, t *encode.Touched) {
	e.encode(gs, viewer, o, t, nil)
}

// NewMemory implements encode.IncrementalEncoder: a memory of one row for
// EncodeIncremental.
func (e *Encoder) NewMemory() *encode.Memory { return e.plan.NewMemory(e) }

// EncodeIncremental implements encode.IncrementalEncoder: Encode into a row
// that m describes, rewriting only the blocks (plan.go) whose inputs
// changed since m's last encoding.
func (e *Encoder) EncodeIncremental(gs game.State, viewer game.AgentID, o encode.Obs, m *encode.Memory) {
	e.encode(gs, viewer, o, nil, m)
}

// encode is Encode, keeping the record t or the memory m when not nil.
func (e *Encoder) encode(gs game.State, viewer game.AgentID, o encode.Obs, t *encode.Touched, m *encode.Memory) {
	s, ok := gs.(*lcg.State)
	if !ok {
		panic(fmt.Sprintf("lcgobs: Encode needs an *lcg.State, got %T", gs))
	}
	n := int(s.N)
	v := encode.Viewer(viewer, n)
	w := writer{Writer: encode.Start(gs, viewer, o, t, m), s: s, at: &e.at, b: &e.blocks, n: n, v: v}
	p := s.Prompt()
	w.decides = p.Actor == game.AgentID(v) && !s.Over()
	// The plan's Always blocks (head, middle, piles) are cleared
	// by Start; the writers below write them every time.
	w.enemies() // first: it counts the engagements and enemies per location the others write
	w.global()
	w.investigators()
	w.locations()
	w.hand(p)
	w.zones()
	w.piles()
	w.board()
	w.chaos()
	w.prompt(p)
	w.skillTest()
	w.options(p)
	w.campaign()
	w.Finish()
}

// writer holds what one Encode call needs.
type writer struct {
	encode.Writer
	s       *lcg.State
	at      *offsets
	b       *blocks
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
	g := w.F(w.at.global, globalCols)
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
	g[gDoom] = float32(s.DoomTotal())
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
	w.SetI(w.at.actCard, int32(s.ActCard()))
	w.SetI(w.at.agendaCard, int32(s.AgendaCard()))
}

func (w *writer) investigators() {
	s := w.s
	for r := 0; r < w.n; r++ {
		seat := w.seatOf(r)
		inv := &s.Inv[seat]
		var x []float32
		if r == 0 {
			x = w.F(w.at.self, invCols)
		} else {
			x = w.F(w.at.others+(r-1)*invCols, invCols)
		}
		w.SetI(w.at.seat+r, int32(seat))
		w.SetI(w.at.invCard+r, int32(inv.Def))
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
		for k, v := range s.SkillsOf(seat) {
			x[iSkill+k] = float32(v)
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
		w.SetI(w.at.seat+r, -1)
	}
}

func (w *writer) locations() {
	s := w.s
	inPlayBits := s.LocationsInPlay()
	vloc := -1
	if s.InGame(w.v) {
		vloc = int(s.Inv[w.v].Loc)
	}
	var hereRows [lcg.MaxLocations]uint8 // bit per investigator row at each slot
	for seat := 0; seat < w.n; seat++ {
		if l := int(s.Inv[seat].Loc); s.InGame(seat) && l >= 0 && l < lcg.MaxLocations {
			hereRows[l] |= 1 << uint(w.row(seat))
		}
	}
	w.AbsentMask(w.b.location, uint64(^inPlayBits)) // free slots are zero
	// s.MayMove(w.v, k) for every k, and s.ShroudAt(k) for the revealed.
	moves := s.MoveTargets(w.v)
	var revealed uint16
	for c := inPlayBits; c != 0; c &= c - 1 {
		if k := bits.TrailingZeros16(c); s.Cards[s.LocInst[k]].Revealed {
			revealed |= 1 << uint(k)
		}
	}
	shrouds := s.Shrouds(revealed)
	for left := inPlayBits; left != 0; left &= left - 1 {
		k := bits.TrailingZeros16(left)
		id := s.LocInst[k]
		c := &s.Cards[id]
		// s.Connects(k, j), with the in-play checks done once above.
		conn := s.Conn[k] & inPlayBits &^ (1 << uint(k))
		var def cards.ID
		var shroud, clues int
		if c.Revealed {
			def, shroud, clues = c.Def, shrouds[k], int(c.Clues)
		}
		canMove := moves&(1<<uint(k)) != 0
		key := encode.Key{
			1 | encode.KeyBit(c.Revealed)<<1 | encode.KeyBit(vloc == k)<<2 | encode.KeyBit(canMove)<<3 | uint64(hereRows[k])<<4 |
				uint64(conn)<<8 | encode.KeyU8(c.Doom)<<24 | encode.KeyU16(def)<<32 | encode.KeyU8(clues)<<48 | encode.KeyU8(w.enemiesAt[k])<<56,
			encode.KeyU16(shroud),
		}
		if !w.Changed(w.b.location+k, key) {
			continue
		}
		x := w.Fresh(w.at.locations+k*locCols, locCols)
		x[lInPlay] = 1
		w.SetI(w.at.locCard+k, int32(def)) // 0 until revealed
		if c.Revealed {
			x[lRevealed] = 1
			x[lShroud] = float32(shroud)
			x[lClues] = float32(clues)
		}
		x[lDoom] = float32(c.Doom)
		for c := conn; c != 0; c &= c - 1 {
			x[lConnects+bits.TrailingZeros16(c)] = 1
		}
		for r := uint8(hereRows[k]); r != 0; r &= r - 1 {
			x[lHere+bits.TrailingZeros8(r)] = 1
		}
		x[lEnemies] = float32(w.enemiesAt[k])
		x[lViewerHere] = b2f(vloc == k)
		x[lCanMove] = b2f(canMove)
	}
}

func (w *writer) enemies() {
	s := w.s
	all := cards.All()
	vloc := int8(-1)
	if s.InGame(w.v) {
		vloc = s.Inv[w.v].Loc
	}
	n := min(len(s.Enemies), lcg.MaxEnemies)
	free := uint64(1)<<lcg.MaxEnemies - 1<<uint(n) // free slots are zero
	for k := 0; k < n; k++ {
		if s.Enemies[k] < 0 {
			free |= 1 << uint(k)
		}
	}
	w.AbsentMask(w.b.enemy, free)
	for k := 0; k < n; k++ {
		id := s.Enemies[k]
		if id < 0 {
			continue
		}
		c := &s.Cards[id]
		var rows uint8 // bit per investigator row engaged with it
		for seat := 0; seat < w.n; seat++ {
			if s.EngagedWith(id, seat) {
				rows |= 1 << uint(w.row(seat))
				w.engaged[seat]++
			}
		}
		loc := c.Loc
		if c.Zone == lcg.ZoneThreat && c.Ctrl >= 0 {
			loc = s.Inv[c.Ctrl].Loc
		}
		at := 0 // location slot plus one
		if loc >= 0 && int(loc) < lcg.MaxLocations {
			at = int(loc) + 1
			w.enemiesAt[loc]++
		}
		// Fight and evade with the modifiers that apply now (an agenda's,
		// the enemy's own: LCG §3 Modifiers), not the printed values.
		fight, evade, h := s.EnemyFight(id), s.EnemyEvade(id), s.EnemyHealthOf(id)
		hunter, retaliate, aloof, massive := s.EnemyKeywords(id) // gained or blanked (LCG §3 Keywords)
		atViewer := loc >= 0 && loc == vloc
		key := encode.Key{
			1 | encode.KeyU16(c.Def)<<1 | encode.KeyU8(c.Damage)<<17 | encode.KeyBit(c.Exhausted)<<25 | uint64(rows)<<26 | encode.KeyBit(atViewer)<<30 |
				encode.KeyBit(hunter)<<31 | encode.KeyBit(retaliate)<<32 | encode.KeyBit(aloof)<<33 | encode.KeyBit(massive)<<34 | encode.KeyU8(c.Doom)<<35 | encode.KeyU8(at)<<43,
			encode.KeyU16(fight) | encode.KeyU16(evade)<<16 | encode.KeyU16(h)<<32,
		}
		if !w.Changed(w.b.enemy+k, key) {
			continue
		}
		d := &all[c.Def]
		w.SetI(w.at.enemyCard+k, int32(c.Def))
		x := w.Fresh(w.at.enemies+k*enemyCols, enemyCols)
		x[eePresent] = 1
		x[eeFight], x[eeEvade] = float32(fight), float32(evade)
		x[eeHealth], x[eeDamage], x[eeHealthLeft] = float32(h), float32(c.Damage), float32(h-int(c.Damage))
		x[eeAttackDamage], x[eeAttackHorror] = float32(d.Damage), float32(d.Horror)
		x[eeExhausted] = b2f(c.Exhausted)
		if rows != 0 {
			x[eeEngaged] = 1
		}
		for r := rows; r != 0; r &= r - 1 {
			x[eeEngagedRow+bits.TrailingZeros8(r)] = 1
		}
		w.SetI(w.at.enemyLoc+k, int32(at))
		x[eeAtViewer] = b2f(atViewer)
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
			if int(opt.Code) < len(handOffer) {
				o := handOffer[opt.Code]
				w.handOffers[o&0xff] |= uint8(o >> 8)
			}
		}
	}
	hand := w.s.Inv[w.v].Hand
	n := min(len(hand), lcg.MaxHand)
	// Empty slots are zero: the card blocks and then the offer blocks.
	empty := uint64(1)<<lcg.MaxHand - 1<<uint(n)
	w.AbsentMask(w.b.hand, empty|empty<<lcg.MaxHand)
	for h := 0; h < n; h++ {
		// The card and what the prompt offers for it are two blocks: the
		// offers change with the prompt, the cards seldom.
		if d := w.def(hand[h]); w.Changed(w.b.hand+h, encode.Key{1 | encode.KeyU16(d)<<1}) {
			w.SetI(w.at.handCard+h, int32(d))
			x := w.Fresh(w.at.hand+h*handCols, hPlayable)
			x[hPresent] = 1
			copy(x[hCard:hCard+cardCols], cardFeatures[d][:])
		}
		if m := w.handOffers[h]; w.Changed(w.b.handOffers+h, encode.Key{uint64(m)}) {
			x := w.F(w.at.hand+h*handCols+hPlayable, handCols-hPlayable)
			x[0], x[hCommit-hPlayable], x[hDiscard-hPlayable], x[hMulligan-hPlayable] = float32(m&1), float32(m>>1&1), float32(m>>2&1), float32(m>>3&1)
		}
	}
}

// handOffer is, for each action id, what it offers for a hand slot: the
// slot in the low byte and the offer's bit (play 1, commit 2, discard 4,
// mulligan 8) in the high one; 0 for the ids of no hand slot.
var handOffer = func() (o [lcg.NumActions]uint16) {
	for bit, base := range []game.ActionCode{lcg.ActPlay, lcg.ActCommit, lcg.ActDiscard, lcg.ActMulligan} {
		for h := 0; h < lcg.MaxHand; h++ {
			o[int(base)+h] = uint16(1)<<(8+bit) | uint16(h)
		}
	}
	return o
}()

// zones writes the play and threat areas of each investigator row.
func (w *writer) zones() {
	s := w.s
	all := cards.All()
	// Empty slots are zero, the rows past the last investigator's too.
	emptyPlay, emptyThreat := allSlots(lcg.MaxPlay), allSlots(lcg.MaxThreat) // bit per slot of every row
	for r := 0; r < w.n; r++ {
		inv := &s.Inv[w.seatOf(r)]
		np, nt := min(len(inv.Play), lcg.MaxPlay), min(len(inv.Threat), lcg.MaxThreat)
		emptyPlay &^= (1<<uint(np) - 1) << uint(r*lcg.MaxPlay)
		emptyThreat &^= (1<<uint(nt) - 1) << uint(r*lcg.MaxThreat)
	}
	w.AbsentMask(w.b.play, emptyPlay)
	w.AbsentMask(w.b.threat, emptyThreat)
	for r := 0; r < w.n; r++ {
		inv := &s.Inv[w.seatOf(r)]
		play, threat := inv.Play, inv.Threat
		np, nt := min(len(play), lcg.MaxPlay), min(len(threat), lcg.MaxThreat)
		for p := 0; p < np; p++ {
			slot := r*lcg.MaxPlay + p
			c := &s.Cards[play[p]]
			key := encode.Key{1 | encode.KeyU16(c.Def)<<1 | encode.KeyBit(c.Exhausted)<<17 | encode.KeyBit(c.Host >= 0)<<18 | encode.KeyU8(c.Damage)<<19 |
				encode.KeyU8(c.Horror)<<27 | encode.KeyU8(c.Clues)<<35 | encode.KeyU8(c.Doom)<<43 | encode.KeyU8(c.Uses)<<51}
			if !w.Changed(w.b.play+slot, key) {
				continue
			}
			d := &all[c.Def]
			w.SetI(w.at.playCard+slot, int32(c.Def))
			x := w.Fresh(w.at.play+slot*playCols, playCols)
			x[pPresent] = 1
			x[pExhausted] = b2f(c.Exhausted)
			x[pDamage], x[pHorror], x[pClues], x[pDoom], x[pUses] = float32(c.Damage), float32(c.Horror), float32(c.Clues), float32(c.Doom), float32(c.Uses)
			x[pHealth], x[pSanity] = float32(d.Health), float32(d.Sanity)
			x[pAttached] = b2f(c.Host >= 0)
		}
		for t := 0; t < nt; t++ {
			slot := r*lcg.MaxThreat + t
			c := &s.Cards[threat[t]]
			key := encode.Key{1 | encode.KeyU16(c.Def)<<1 | encode.KeyBit(c.Exhausted)<<17 | encode.KeyU8(c.Damage)<<18 | encode.KeyU8(c.Horror)<<26 | encode.KeyU8(c.Doom)<<34}
			if !w.Changed(w.b.threat+slot, key) {
				continue
			}
			w.SetI(w.at.threatCard+slot, int32(c.Def))
			x := w.Fresh(w.at.threat+slot*threatCols, threatCols)
			x[tPresent] = 1
			x[tEnemy] = b2f(all[c.Def].Type == cards.Enemy)
			x[tExhausted] = b2f(c.Exhausted)
			x[tDamage], x[tHorror], x[tDoom] = float32(c.Damage), float32(c.Horror), float32(c.Doom)
		}
	}
}

// allSlots is a mask with a bit for each of the per slots of every
// investigator row.
func allSlots(per int) uint64 { return ^uint64(0) >> uint(64-seats*per) }

// piles writes the discard piles, the victory display and the cards being
// resolved.
func (w *writer) piles() {
	s := w.s
	for r := 0; r < w.n; r++ {
		inv := &s.Inv[w.seatOf(r)]
		recent(s, w.I(w.at.discard+r*MaxDiscard, min(MaxDiscard, len(inv.Discard))), inv.Discard)
	}
	recent(s, w.I(w.at.encDiscard, min(MaxEncounterDiscard, len(s.EncDiscard))), s.EncDiscard)
	for i, id := range s.Victory {
		if i == MaxVictory {
			break
		}
		w.SetI(w.at.victory+i, int32(w.def(id)))
	}
	for i, id := range s.Limbo {
		if i == MaxLimbo {
			break
		}
		w.SetI(w.at.limbo+i, int32(w.def(id)))
	}
}

// board writes the other cards in play on the board (not locations or
// enemies), the first MaxBoard.
func (w *writer) board() {
	s := w.s
	all := cards.All()
	b := 0
	for _, id := range s.Board {
		c := &s.Cards[id]
		if t := all[c.Def].Type; t == cards.Location || t == cards.Enemy {
			continue
		}
		if b == MaxBoard {
			break
		}
		at := 0 // location slot plus one
		if c.Loc >= 0 && int(c.Loc) < lcg.MaxLocations {
			at = int(c.Loc) + 1
		}
		key := encode.Key{1 | encode.KeyU16(c.Def)<<1 | encode.KeyU8(at)<<17 | encode.KeyBit(c.Host >= 0)<<25 | encode.KeyU8(c.Doom)<<26 | encode.KeyU8(c.Clues)<<34}
		if w.Changed(w.b.board+b, key) {
			w.SetI(w.at.boardCard+b, int32(c.Def))
			x := w.Fresh(w.at.board+b*boardCols, boardCols)
			x[bPresent] = 1
			w.SetI(w.at.boardLoc+b, int32(at))
			x[bAttached] = b2f(c.Host >= 0)
			x[bDoom], x[bClues] = float32(c.Doom), float32(c.Clues)
		}
		b++
	}
	w.Absent(w.b.board+b, MaxBoard-b) // empty slots are zero
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

// tokenKinds is tokenKind of every int8, indexed by its byte. The writers
// mask what they read with ChaosKinds−1, a power of two (checked below),
// which spares a bounds check and changes nothing.
var tokenKinds = func() (k [256]uint8) {
	for b := range k {
		k[b] = uint8(tokenKind(int8(uint8(b))))
	}
	return k
}()

const _ = -uint(ChaosKinds & (ChaosKinds - 1)) // ChaosKinds is a power of two

func (w *writer) chaos() {
	bag := w.F(w.at.bag, ChaosKinds)
	for _, t := range w.s.Bag {
		bag[tokenKinds[uint8(t)]&(ChaosKinds-1)]++
	}
	rev := w.F(w.at.revealed, ChaosKinds)
	for _, t := range w.s.Revealed {
		rev[tokenKinds[uint8(t)]&(ChaosKinds-1)]++
	}
}

func (w *writer) prompt(p *game.Prompt) {
	x := w.F(w.at.prompt, promptCols)
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
		w.SetI(w.at.sourceCard, int32(w.def(int16(p.Source))))
	}
}

func (w *writer) skillTest() {
	s := w.s
	if len(s.Tests) == 0 {
		return
	}
	t := &s.Tests[len(s.Tests)-1]
	x := w.F(w.at.test, testCols)
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
			w.SetI(w.at.testCommit+i, int32(d))
		}
		for k := 0; k < 5; k++ {
			x[stIcons+k] += float32(all[d].Icons[k])
		}
	}
	x[stDepth] = float32(len(s.Tests) - 1)
	if w.visible(int32(t.Src)) {
		w.SetI(w.at.testSource, int32(w.def(t.Src)))
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
	w.SetI(w.at.testTarget, int32(target))
}

// options writes the option rows when the viewer decides.
func (w *writer) options(p *game.Prompt) {
	s := w.s
	actor := &s.Inv[w.v]
	n := 0
	if w.decides {
		n = min(len(p.Options), MaxOptions)
	}
	// The rows past the last option: zero, with option_action −1. Those
	// absent already (a zero key) come after the others.
	for i := n; i < MaxOptions && w.Live(w.b.option+i); i++ {
		if w.Changed(w.b.option+i, encode.Key{}) {
			w.SetI(w.at.optAction+i, -1)
			w.SetI(w.at.optCard+i, 0)
			w.Fresh(w.at.options+i*optCols, optCols)
		}
	}
	for i, o := range p.Options[:n] {
		a := int(o.Code)
		ai := actionInfos[a]
		gi, k := int(ai.group), int(ai.slot)
		d, card := w.optionCard(p, actor, ai.to, k)
		if !w.Changed(w.b.option+i, encode.Key{1 | uint64(a)<<1 | encode.KeyBit(card)<<17 | encode.KeyU16(d)<<18}) {
			continue
		}
		w.SetI(w.at.optAction+i, int32(a))
		x := w.Fresh(w.at.options+i*optCols, optCols)
		x[oPresent] = 1
		if gi != undocumented {
			x[oGroup+gi] = 1
		}
		x[oSlot] = float32(k)
		w.SetI(w.at.optCard+i, int32(d)) // 0 without a card
		if card {
			copy(x[oCard:oCard+cardCols], cardFeatures[d][:])
		}
	}
}

// optionCard is the card an option refers to (to: what its group's ids
// name; k: its slot), if the viewer may see it.
func (w *writer) optionCard(p *game.Prompt, actor *lcg.Investigator, to target, k int) (cards.ID, bool) {
	s := w.s
	var ref int16 = -1
	switch to {
	case toShop:
		return shopCard(k)
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
		return w.def(ref), true
	}
	return 0, false
}
