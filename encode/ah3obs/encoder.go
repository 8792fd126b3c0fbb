package ah3obs

import (
	"fmt"
	"math"
	"math/bits"
	"unsafe"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// Encoder is the encode.Encoder of the ArkhamHorror3/* envs. One encoder
// serves every state of one game (an *ah3.Game: a content and a table); it
// holds no per-state memory, so several goroutines may share it.
type Encoder struct {
	g      *ah3.Game
	layout *encode.Layout
	at     *offsets
	names  []string
	// Static features, built once: per monster kind and per asset card.
	kind  [][monsterCols]float32
	asset [][assetStatic]float32
	adj   [ah3.MaxSpaces][]int // adjacent spaces of each space
	// adjAt lists the cells of the adjacency matrix that hold 1 (i*MaxSpaces+j),
	// so that the matrix is marked once and written from a flat list.
	adjAt []int32
}

var _ encode.TouchEncoder = (*Encoder)(nil)

// New builds the encoder of a game. The layout depends only on the engine's
// limits, so every ArkhamHorror3 env (any content, any table) shares it.
func New(g *ah3.Game) (*Encoder, error) {
	info := g.Info()
	if info.Actions != ah3.NumActions || len(info.ActionNames) != ah3.NumActions {
		return nil, fmt.Errorf("ah3obs: %d actions, want the AH3 vocabulary of %d", info.Actions, ah3.NumActions)
	}
	if len(info.PromptKinds) != len(promptKindNames()) {
		return nil, fmt.Errorf("ah3obs: %d prompt kinds, want %d", len(info.PromptKinds), len(promptKindNames()))
	}
	l, at := sharedLayout()
	e := &Encoder{g: g, layout: l, at: at, names: sharedNames()}
	for _, k := range g.MonsterKinds() {
		e.kind = append(e.kind, monsterStatic(&k))
	}
	for i := range g.Sc.Assets {
		e.asset = append(e.asset, assetFeatures(&g.Sc.Assets[i]))
	}
	for i := range g.Sc.Spaces {
		e.adj[i] = g.Sc.Spaces[i].Adjacent
		for _, j := range e.adj[i] {
			e.adjAt = append(e.adjAt, int32(i*ah3.MaxSpaces+j))
		}
	}
	return e, nil
}

// monsterStatic is a monster kind's printed columns.
func monsterStatic(k *content.Monster) (r [monsterCols]float32) {
	r[mAttack], r[mEvade], r[mDamageDealt], r[mHorrorDealt], r[mSpeed] = float32(k.Attack), float32(k.Evade), float32(k.Damage), float32(k.Horror), float32(k.Speed)
	r[mRemnant], r[mFeeding], r[mWatching], r[mElusive], r[mMassive], r[mEpic] = flag(k.Remnant), flag(k.Feeding), flag(k.Watching), flag(k.Elusive), flag(k.Massive), flag(k.Epic)
	r[mElite] = float32(k.Elite)
	switch k.Label {
	case content.Hunter:
		r[mHunter] = 1
	case content.Patrol:
		r[mPatrol] = 1
	case content.Lurker:
		r[mLurker] = 1
	}
	return r
}

// assetFeatures is an asset card's printed columns.
func assetFeatures(a *content.Asset) (r [assetStatic]float32) {
	r[aPresent] = 1
	r[aKind+int(a.Kind)] = 1
	r[aPrice], r[aHands], r[aHealth], r[aSanity] = float32(a.Price), float32(a.Hands), float32(a.Health), float32(a.Sanity)
	for k, b := range a.Bonus {
		r[aBonus+k] = float32(b)
	}
	r[aSixDouble], r[aReroll] = flag(a.SixDouble), flag(a.Reroll)
	if a.Action != nil {
		r[aAction], r[aActionEngaged] = 1, flag(a.Action.Engaged)
	}
	r[aCastHorror] = float32(a.CastHorror)
	return r
}

func flag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// Layout implements encode.Encoder. It is shared: callers must not change it.
func (e *Encoder) Layout() *encode.Layout { return e.layout }

// Encode implements encode.Encoder: it writes what viewer can see of s (an
// *ah3.State) into o, laid out by Layout, without allocating.
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
func (e *Encoder) NewMemory() *encode.Memory {
	p, _ := sharedPlan()
	return p.NewMemory(e)
}

// EncodeIncremental implements encode.IncrementalEncoder: Encode into a row
// that m describes, rewriting only the blocks (plan.go) whose inputs
// changed since m's last encoding.
func (e *Encoder) EncodeIncremental(gs game.State, viewer game.AgentID, o encode.Obs, m *encode.Memory) {
	e.encode(gs, viewer, o, nil, m)
}

func (e *Encoder) encode(gs game.State, viewer game.AgentID, o encode.Obs, t *encode.Touched, m *encode.Memory) {
	s, ok := gs.(*ah3.State)
	if !ok {
		panic(fmt.Sprintf("ah3obs: Encode needs an *ah3.State, got %T", gs))
	}
	n := int(s.N)
	_, b := sharedPlan()
	w := writer{Writer: encode.Start(gs, viewer, o, t, m), e: e, s: s, at: e.at, b: b, n: n, v: encode.Viewer(viewer, n), here: -1}
	if st := &s.Seats[w.v]; st.Inv >= 0 {
		w.here = int(st.Space)
	}
	// The plan's Always blocks (global, tail) are cleared by Start; the
	// writers below write them every time. The guards (plan.go) let an
	// incremental encoding skip the rows whose inputs are as they were.
	w.count()
	w.global()
	w.mapRows()
	w.monsters()
	w.investigators()
	w.assets()
	w.reserve()
	w.codex()
	w.test()
	w.prompt()
	w.Finish()
}

// writer holds what one Encode call needs.
type writer struct {
	encode.Writer
	e    *Encoder
	s    *ah3.State
	at   *offsets
	b    *blocks
	n, v int
	here int // the viewer's space, or -1

	boardKeep      // count's counts
	boardSame bool // the board guard found the monsters and places as they were
}

func (w *writer) row(seat int) int { return (seat - w.v + w.n) % w.n }

// count gathers the per-space counts the other parts write, unless the
// board guard finds the monsters and where the investigators stand as they
// were at the row's last encoding (then the counts are the kept ones and
// the monster rows hold what they would be written with).
func (w *writer) count() {
	s := w.s
	in := boardInput{monsters: s.Monsters, v: int8(w.v), n: int8(w.n)}
	for seat := range in.inv {
		in.inv[seat], in.space[seat] = s.Seats[seat].Inv, s.Seats[seat].Space
	}
	keep := w.Keep(w.b.boardGuard)
	if w.Same(w.b.boardGuard, encode.Bytes(&in)) {
		copy(encode.Bytes(&w.boardKeep), keep)
		w.boardSame = true
		return
	}
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind < 0 || m.Space < 0 || int(m.Space) >= ah3.MaxSpaces {
			continue
		}
		w.nMonsters++
		st := m.Status
		if m.Engaged != 0 {
			st = ah3.Engaged
		}
		if st <= ah3.Engaged {
			w.monstersAt[m.Space][st]++
		}
		for seat := 0; seat < w.n; seat++ {
			if m.Engaged&(1<<uint(seat)) != 0 {
				w.engagedWith[seat]++
			}
		}
	}
	for seat := 0; seat < w.n; seat++ {
		if st := &s.Seats[seat]; st.Inv >= 0 && st.Space >= 0 && int(st.Space) < ah3.MaxSpaces {
			w.invAt[st.Space] |= 1 << uint(w.row(seat))
		}
	}
	copy(keep, encode.Bytes(&w.boardKeep))
}

func (w *writer) global() {
	s := w.s
	g := w.F(w.at.global, globalCols)
	g[gRound] = float32(s.Round)
	g[gRoundsLeft] = float32(s.Game().RoundCap() - int(s.Round))
	if int(s.Phase) < phases {
		g[gPhase+int(s.Phase)] = 1
	}
	g[gSeats] = float32(w.n)
	g[gLeadRow] = float32(w.row(int(s.Lead)))
	g[gSheetDoom], g[gSheetClues] = float32(s.SheetDoom), float32(s.SheetClues)
	g[gCodex] = float32(s.NCodex)
	if s.Rumor >= 0 {
		g[gRumor] = 1
		g[gRumorMarkers] = float32(s.Markers)
		w.I(w.at.rumorCard, 1)[0] = int32(s.Rumor) + 1
	}
	g[gStreetDeck], g[gEventDeck], g[gEventDiscard] = float32(s.Street.N), float32(s.Event.N), float32(s.EventDiscard.N)
	g[gMonsterDeck], g[gHeadlineDeck], g[gHeadlineDiscard] = float32(s.MonsterDeck.N), float32(s.Headlines.N), float32(s.HeadlineDiscard.N)
	g[gItemDeck], g[gSpellDeck], g[gAllyDeck], g[gAnomalyDeck] = float32(s.Items.N), float32(s.Spells.N), float32(s.Allies.N), float32(s.Anomalies.N)
	for k := 0; s.Unstable(k) >= 0; k++ {
		g[gUnstable]++
	}
	if s.EncCard >= 0 && int(s.EncCard) < len(w.e.g.Sc.Encounters) {
		g[gEncounter] = 1
		g[gEncounterStreet], g[gEncounterAnomaly] = flag(s.EncFrom == -1), flag(s.EncFrom == -2)
		w.I(w.at.encCard, 1)[0] = int32(s.EncCard) + 1
	}
	g[gClueTaken] = flag(s.ClueTaken)
	g[gMonsters] = float32(w.nMonsters)
	doom, clues := 0, 0
	for _, d := range s.Doom[:len(w.e.g.Sc.Spaces)] {
		doom += int(d)
	}
	for _, c := range s.Clues[:len(w.e.g.Sc.Neighborhoods)] {
		clues += int(c)
	}
	g[gDoom], g[gClues] = float32(doom), float32(clues)
	cup, drawn := w.F(w.at.cup, tokens), w.F(w.at.drawn, tokens)
	for k := 0; k < tokens; k++ {
		cup[k], drawn[k] = float32(s.Cup[k]), float32(s.Drawn[k])
	}
}

// mapRows writes the space and neighborhood rows, unless the map guard
// finds their inputs as they were at the row's last encoding.
func (w *writer) mapRows() {
	s := w.s
	in := mapInput{attached: s.Attached, doom: s.Doom, spaceMarkers: s.SpaceMarkers, clues: s.Clues, anomaly: s.Anomaly,
		here: int8(w.here), monstersAt: w.monstersAt, invAt: w.invAt}
	for k := 0; ; k++ {
		u := s.Unstable(k)
		if u < 0 {
			break
		}
		in.unstable |= 1 << uint(u)
	}
	for h := range in.hoodCards {
		in.hoodCards[h] = int16(s.Hood[h].N)
	}
	if w.Same(w.b.mapGuard, encode.Bytes(&in)) {
		return
	}
	w.spaces(in.unstable)
	w.hoods()
}

// spaces writes the adjacency matrix and the space rows; unstable has a
// bit per unstable space.
func (w *writer) spaces(unstable uint64) {
	s, sc := w.s, w.e.g.Sc
	n := len(sc.Spaces)
	if w.Changed(w.b.adjacency, encode.Key{1}) { // the map's: kept after the first
		adj := w.Fresh(w.at.adjacency, ah3.MaxSpaces*ah3.MaxSpaces)
		for _, k := range w.e.adjAt {
			adj[k] = 1
		}
	}
	for i := 0; i < n; i++ { // rows past the map's spaces stay zero
		def := &sc.Spaces[i]
		var clues int8
		var anomaly bool
		if def.Street == content.NotStreet {
			if h := def.Neighborhood; h >= 0 {
				clues, anomaly = s.Clues[h], s.Anomaly[h]
			}
		}
		c := &w.monstersAt[i]
		dist := w.distance(i)
		key := encode.Key{
			1 | encode.KeyU8(clues)<<1 | encode.KeyBit(anomaly)<<9 | encode.KeyU8(s.Doom[i])<<10 | encode.KeyU8(c[0])<<18 | encode.KeyU8(c[1])<<26 | encode.KeyU8(c[2])<<34 |
				uint64(w.invAt[i])<<42 | encode.KeyU8(s.SpaceMarkers[i])<<50 | (unstable>>uint(i)&1)<<58,
			uint64(math.Float32bits(dist)),
		}
		if !w.Changed(w.b.space+i, key) {
			continue
		}
		r := w.Fresh(w.at.spaces+i*spaceCols, spaceCols)
		r[sPresent] = 1
		hood := int32(0)
		if def.Street != content.NotStreet {
			r[sStreet] = 1
			r[sResidential+int(def.Street)-1] = 1
		} else if h := def.Neighborhood; h >= 0 {
			hood = int32(h) + 1
			r[sHoodClues], r[sHoodAnomaly] = float32(clues), flag(anomaly)
		}
		w.SetI(w.at.spaceHood+i, hood)
		r[sStart] = flag(i == sc.Start)
		r[sDoom] = float32(s.Doom[i])
		r[sReady], r[sExhausted], r[sEngaged] = float32(c[0]), float32(c[1]), float32(c[2])
		r[sMonsters] = float32(c[0] + c[1] + c[2])
		for b := w.invAt[i]; b != 0; b &= b - 1 {
			row := trailing(b)
			r[sRowHere+row] = 1
			r[sInvestigators]++
		}
		r[sDistance] = dist
		r[sAdjacent] = float32(len(w.e.adj[i]))
		r[sMarkers] = float32(s.SpaceMarkers[i])
		r[sUnstable] = float32(unstable >> uint(i) & 1)
	}
}

// distance is the steps from the viewer's space to space i, −1 if none.
func (w *writer) distance(i int) float32 {
	if w.here < 0 {
		return -1
	}
	d := w.e.g.Distance(w.here, i)
	if d >= 127 {
		return -1
	}
	return float32(d)
}

func trailing(b uint8) int {
	n := 0
	for b&1 == 0 {
		b >>= 1
		n++
	}
	return n
}

func (w *writer) hoods() {
	s, sc := w.s, w.e.g.Sc
	for h := range sc.Neighborhoods { // rows past the map's stay zero
		nb := &sc.Neighborhoods[h]
		doom, here := 0, false
		for _, sp := range nb.Spaces {
			doom += int(s.Doom[sp])
			here = here || sp == w.here
		}
		attached := 0
		if a := s.Attached[h]; a >= 0 {
			attached = sc.Archive[a].Number // read, so public (AH3 403.5b)
		}
		key := encode.Key{1 | encode.KeyU8(s.Clues[h])<<1 | encode.KeyBit(s.Anomaly[h])<<9 | uint64(s.Hood[h].N)<<10 | encode.KeyBit(here)<<18 | encode.KeyU16(attached)<<19 | encode.KeyU16(doom)<<35}
		if !w.Changed(w.b.hood+h, key) {
			continue
		}
		r := w.Fresh(w.at.hoods+h*hoodCols, hoodCols)
		r[hPresent] = 1
		r[hClues], r[hAnomaly] = float32(s.Clues[h]), flag(s.Anomaly[h])
		r[hDeck] = float32(s.Hood[h].N)
		r[hAttached] = float32(attached)
		r[hDoom] = float32(doom)
		r[hViewerHere] = flag(here)
	}
}

// monsters writes the monster rows, unless the board guard found them as
// they were.
func (w *writer) monsters() {
	if w.boardSame {
		return
	}
	s := w.s
	var free uint64 // bit per free slot
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind < 0 {
			free |= 1 << uint(i)
			continue
		}
		status := uint64(0) // ready
		switch {
		case m.Engaged != 0 || m.Status == ah3.Engaged:
			status = 2
		case m.Status == ah3.Exhausted:
			status = 1
		}
		var rows uint64 // bit per investigator row engaged with it
		for seat := 0; seat < w.n; seat++ {
			if m.Engaged&(1<<uint(seat)) != 0 {
				rows |= 1 << uint(w.row(seat))
			}
		}
		dist := w.distance(int(m.Space))
		key := encode.Key{
			1 | encode.KeyU16(m.Kind)<<1 | status<<17 | rows<<19 | encode.KeyU8(m.Damage)<<25 | encode.KeyU8(m.Health)<<33 | encode.KeyBit(m.Acted)<<41 | encode.KeyU8(m.Space)<<42,
			uint64(math.Float32bits(dist)),
		}
		if !w.Changed(w.b.monster+i, key) {
			continue
		}
		r := w.O.F32[w.at.monsters+i*monsterCols:][:monsterCols] // written whole
		w.F(w.at.monsters+i*monsterCols, monsterCols)
		*(*[monsterCols]float32)(r) = w.e.kind[m.Kind]
		r[mPresent] = 1
		r[mReady+int(status)] = 1
		for b := rows; b != 0; b &= b - 1 {
			r[mEngagedRow+bits.TrailingZeros64(b)] = 1
		}
		r[mDamage], r[mHealth], r[mRemaining] = float32(m.Damage), float32(m.Health), float32(m.Health-m.Damage)
		r[mActed] = flag(m.Acted)
		r[mDistance] = dist
		w.SetI(w.at.monsterKind+i, int32(m.Kind)+1)
		w.SetI(w.at.monsterSpace+i, int32(m.Space)+1)
	}
	w.AbsentMask(w.b.monster, free)
}

func (w *writer) investigators() {
	s, sc := w.s, w.e.g.Sc // the block is rewritten every time (encode)
	seat, sheet, space := w.I(w.at.seat, seats), w.I(w.at.invSheet, seats), w.I(w.at.invSpace, seats)
	for r := 0; r < seats; r++ {
		seat[r] = -1
	}
	rows := w.F(w.at.invs, w.n*invCols) // rows 0..n-1, one mark
	for i := 0; i < w.n; i++ {
		row := w.row(i)
		st := &s.Seats[i]
		seat[row] = int32(i)
		r := rows[row*invCols : (row+1)*invCols]
		r[iPresent] = 1
		r[iMoney], r[iClues], r[iRemnants] = float32(st.Money), float32(st.Clues), float32(st.Remnants)
		r[iLead] = flag(i == int(s.Lead))
		if st.Inv < 0 {
			continue
		}
		inv := &sc.Investigators[st.Inv]
		sheet[row], space[row] = int32(st.Inv)+1, int32(st.Space)+1
		r[iInPlay] = 1
		r[iHealth], r[iSanity] = float32(inv.Health), float32(inv.Sanity)
		r[iDamage], r[iHorror] = float32(st.Damage), float32(st.Horror)
		r[iHealthLeft], r[iSanityLeft] = float32(inv.Health-int(st.Damage)), float32(inv.Sanity-int(st.Horror))
		total := 0
		for k := 0; k < 5; k++ {
			r[iTokens+k] = float32(st.Tokens[k])
			r[iSkills+k] = float32(inv.Skills[k])
			total += int(st.Tokens[k])
		}
		r[iFocusLimit], r[iTokensTotal] = float32(inv.Focus), float32(total)
		r[iDelayed], r[iActive], r[iTaken] = flag(st.Delayed), flag(st.Active), float32(st.Taken)
		for u := uint(st.Used) & (1<<(stdActions+ah3.MaxAbilities) - 1); u != 0; u &= u - 1 {
			r[iUsed+bits.TrailingZeros(u)] = 1 // the row is zero (an Always block)
		}
		r[iPrevent], r[iAssets], r[iEngaged] = flag(st.Prevent), float32(st.NAssets), float32(w.engagedWith[i])
		r[iHere] = flag(int(st.Space) == w.here)
	}
	nk := min(len(sc.Investigators), ah3.MaxInvestigator)
	sheets := w.F(w.at.sheets, nk*5)
	for k := 0; k < nk; k++ {
		if st := s.Sheet[k]; st < 5 {
			sheets[k*5+int(st)] = 1
		}
	}
}

// An ah3.Asset is the eight bytes of its fields, no padding (checked here
// at compile time), so that the word of an asset is its row's key.
const (
	_ = uint(8 - unsafe.Sizeof(ah3.Asset{}))
	_ = uint(unsafe.Sizeof(ah3.Asset{}) - 8)
)

func (w *writer) assets() {
	s, g := w.s, w.e.g
	w.Absent(w.b.asset+w.n*ah3.MaxAssets, (seats-w.n)*ah3.MaxAssets) // rows past N
	for i := 0; i < w.n; i++ {
		row := w.row(i)
		st := &s.Seats[i]
		na := min(int(st.NAssets), ah3.MaxAssets)
		first := w.b.asset + row*ah3.MaxAssets
		w.Absent(first+na, ah3.MaxAssets-na) // empty slots are zero
		for k := 0; k < na; k++ {
			a := &st.Assets[k]
			// The asset's eight bytes are all the row is written from;
			// the first word says the slot is taken.
			if !w.Changed(first+k, encode.Key{1, *(*uint64)(unsafe.Pointer(a))}) {
				continue
			}
			slot := row*ah3.MaxAssets + k
			r := w.O.F32[w.at.assets+slot*assetCols:][:assetCols]
			w.F(w.at.assets+slot*assetCols, assetCols)
			c, isCond := g.ConditionClass(a.Card)
			cond, card := int32(0), int32(0)
			if isCond {
				cond = int32(c) + 1
			}
			if isCond && !a.Flipped {
				*(*[assetStatic]float32)(r) = [assetStatic]float32{}
				r[aPresent], r[aKind+int(content.Condition)] = 1, 1
			} else {
				*(*[assetStatic]float32)(r) = w.e.asset[a.Card]
				card = int32(a.Card) + 1
			}
			w.SetI(w.at.assetCard+slot, card)
			w.SetI(w.at.assetCond+slot, cond)
			r[aDamage], r[aHorror] = float32(a.Damage), float32(a.Horror)
			r[aUsed], r[aUsedAP], r[aLocked], r[aFlipped] = flag(a.Used), flag(a.UsedAP), flag(a.Locked), flag(a.Flipped)
		}
	}
}

func (w *writer) reserve() {
	s := w.s
	var free uint64
	for k, c := range s.Reserve {
		if c < 0 {
			free |= 1 << uint(k)
			continue
		}
		if w.Changed(w.b.reserve+k, encode.Key{1 | encode.KeyU16(c)<<1}) {
			w.F(w.at.reserve+k*assetStatic, assetStatic)
			*(*[assetStatic]float32)(w.O.F32[w.at.reserve+k*assetStatic:]) = w.e.asset[c] // written whole
			w.SetI(w.at.reserveCard+k, int32(c)+1)
		}
	}
	w.AbsentMask(w.b.reserve, free)
}

func (w *writer) codex() {
	s, sc := w.s, w.e.g.Sc
	n := min(int(s.NCodex), ah3.MaxCodex)
	w.Absent(w.b.codex+n, ah3.MaxCodex-n) // rows past the last card
	for i := 0; i < n; i++ {
		a := &sc.Archive[s.Codex[i]]
		revealed := s.Revealed&(1<<uint(a.Number)) != 0
		if !w.Changed(w.b.codex+i, encode.Key{1 | encode.KeyU16(s.Codex[i])<<1 | encode.KeyBit(revealed)<<17}) {
			continue
		}
		r := w.Fresh(w.at.codex+i*codexCols, codexCols)
		r[cPresent], r[cNumber] = 1, float32(a.Number)
		if !revealed {
			w.SetI(w.at.codexCard+i, 0)
			continue
		}
		r[cRevealed] = 1
		r[cSurge], r[cAnomalies] = flag(a.Rule == content.RuleSurge), flag(a.Rule == content.RuleAnomalies)
		r[cClueNeed], r[cDoomAt], r[cEpic] = float32(a.ClueNeed), float32(a.DoomAt), flag(a.Monster != nil)
		w.SetI(w.at.codexCard+i, int32(s.Codex[i])+1)
	}
}

func (w *writer) test() {
	s := w.s
	r := w.F(w.at.test, testCols)
	r[tLastSuccesses], r[tLastPassed] = float32(s.LastSucc), flag(s.LastPass)
	if s.NDice <= 0 || s.TestSeat < 0 || int(s.TestSeat) >= w.n {
		return
	}
	r[tActive] = 1
	r[tRow+w.row(int(s.TestSeat))] = 1
	if s.TestSkill >= 0 && s.TestSkill < 5 {
		r[tSkill+int(s.TestSkill)] = 1
	}
	if s.TestKind >= 0 && int(s.TestKind) < stdActions {
		r[tAction+int(s.TestKind)] = 1
	}
	r[tDice], r[tSixDouble] = float32(s.NDice), flag(s.TestSix)
	for i := 0; i < int(s.NDice) && i < ah3.MaxDice; i++ {
		d := s.Dice[i]
		if d >= 1 && d <= 6 {
			r[tFace+int(d)-1]++
		}
		if d >= 5 {
			r[tSuccesses]++
			if d == 6 && s.TestSix {
				r[tSuccesses]++
			}
		}
	}
}

func (w *writer) prompt() {
	s := w.s
	p := s.Prompt()
	r := w.F(w.at.prompt, w.at.promptCols)
	if int(p.Kind) < w.at.promptViewer {
		r[pKind+int(p.Kind)] = 1
	}
	if s.Over() || p.Actor < 0 || int(p.Actor) >= w.n {
		// No option rows: all zero.
		if w.Changed(w.b.options, encode.Key{optionsNone}) {
			clear(w.I(w.at.optAction, MaxOptionRows))
			clear(w.I(w.at.optArg, MaxOptionRows))
			clear(w.I(w.at.optArg2, MaxOptionRows))
		}
		return
	}
	r[w.at.promptViewer] = flag(int(p.Actor) == w.v)
	r[w.at.promptActor+w.row(int(p.Actor))] = 1
	r[w.at.promptOptions] = float32(len(p.Options))
	// The rows of the options are written every time; those past them
	// hold −1, so only the rows that held options before need it again.
	n := min(len(p.Options), MaxOptionRows)
	was := MaxOptionRows // rows [n, was) get −1: all of them on a row of zeros
	if k := w.Held(w.b.options)[0]; k != 0 && k != optionsNone {
		was = int(k - 1)
	}
	w.Changed(w.b.options, encode.Key{uint64(n) + 1}) // the block is written either way
	act, a1, a2 := w.I(w.at.optAction, MaxOptionRows), w.I(w.at.optArg, MaxOptionRows), w.I(w.at.optArg2, MaxOptionRows)
	for i, o := range p.Options[:n] {
		act[i], a1[i], a2[i] = int32(o.Code), o.Arg, o.Arg2
	}
	for i := n; i < was; i++ {
		act[i], a1[i], a2[i] = -1, -1, -1
	}
}

// optionsNone is the options block's key when it holds no option rows
// (all zero); otherwise its key is the number of options plus one.
const optionsNone = 1 << 62
