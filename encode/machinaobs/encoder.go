package machinaobs

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// Encoder is the encode.Encoder of the MachinaArcana/* envs. It holds no
// per-state memory beyond a line-of-sight cache keyed by the grid, which a
// goroutine skips while another uses it: several goroutines may share one.
type Encoder struct {
	layout *encode.Layout
	at     offsets
	names  []string
	plan   *encode.Plan // the blocks of EncodeIncremental (plan.go)
	blocks blocks
	cache  *boardCache
}

// New builds the encoder for a game's info (machina.State.Info). The layout
// depends only on the engine's vocabulary, not on the number of pioneers or
// the content: rows of absent seats and cards are zero.
func New(info *game.Info) (*Encoder, error) { return NewWith(info, Extras{}) }

// NewWith is New with the optional fields of x in the layout.
func NewWith(info *game.Info, x Extras) (*Encoder, error) {
	if info.Actions != machina.NumActions || len(info.ActionNames) != machina.NumActions {
		return nil, fmt.Errorf("machinaobs: %s has %d actions, want the Machina Arcana vocabulary of %d", info.Name, info.Actions, machina.NumActions)
	}
	if info.Agents < 2 || info.Agents > machina.MaxPioneers+1 {
		return nil, fmt.Errorf("machinaobs: %s has %d seats, want 2 to %d (the pioneers and the monster side)", info.Name, info.Agents, machina.MaxPioneers+1)
	}
	sh := sharedFor(info, x)
	e := &Encoder{layout: sh.layout, at: sh.at, names: sh.names, plan: sh.plan, blocks: sh.blocks}
	e.cache = new(boardCache)
	return e, nil
}

// shared is what encoders of one vocabulary and one list of prompt kinds
// have in common, built once and never changed: the layout with its docs,
// its offsets and the action names.
type shared struct {
	kinds, actions []string // the info's PromptKinds and ActionNames
	extras         Extras
	layout         *encode.Layout
	at             offsets
	names          []string
	plan           *encode.Plan
	blocks         blocks
}

var sharedCache struct {
	sync.Mutex
	list []*shared
}

// sharedFor returns the shared part for info and x: the one built for the
// same prompt kinds, action names and extras, or a new one. A process holds one
// vocabulary (a few, in tests), so the list stays short.
func sharedFor(info *game.Info, x Extras) *shared {
	sharedCache.Lock()
	defer sharedCache.Unlock()
	for _, sh := range sharedCache.list {
		if slices.Equal(sh.kinds, info.PromptKinds) && slices.Equal(sh.actions, info.ActionNames) && sh.extras == x {
			return sh
		}
	}
	sh := &shared{kinds: slices.Clone(info.PromptKinds), actions: slices.Clone(info.ActionNames), extras: x}
	sh.layout, sh.at = newLayout(info.PromptKinds, x)
	sh.plan, sh.blocks = newPlan(sh.layout, &sh.at)
	sh.names = make([]string, machina.NumActions)
	for a := range sh.names {
		sh.names[a] = info.ActionNames[a] + ": " + meaning(a)
	}
	sharedCache.list = append(sharedCache.list, sh)
	return sh
}

// Layout implements encode.Encoder.
func (e *Encoder) Layout() *encode.Layout { return e.layout }

// Actions implements encode.Encoder.
func (e *Encoder) Actions() int { return machina.NumActions }

// ActionName implements encode.Encoder.
func (e *Encoder) ActionName(a int) string {
	if a < 0 || a >= len(e.names) {
		return fmt.Sprintf("action %d", a)
	}
	return e.names[a]
}

// Mask implements encode.Encoder: 1 at the code of every option of the
// prompt.
func (e *Encoder) Mask(gs game.State, mask []int8) {
	clear(mask)
	if gs.Over() {
		return
	}
	for _, o := range gs.Prompt().Options {
		mask[o.Code] = 1
	}
}

// MaskLegal implements encode.LegalEncoder: Mask, and the codes set, in
// increasing order.
func (e *Encoder) MaskLegal(gs game.State, mask []int8, legal []int32) []int32 {
	if gs.Over() {
		clear(mask)
		return legal
	}
	return encode.CodeMaskLegal(gs, mask, legal)
}

// Choice implements encode.Encoder: the option whose code is a.
func (e *Encoder) Choice(gs game.State, a int) (int, bool) {
	if a < 0 || a >= machina.NumActions || gs.Over() {
		return -1, false
	}
	for i, o := range gs.Prompt().Options {
		if int(o.Code) == a {
			return i, true
		}
	}
	return -1, false
}

// Encode implements encode.Encoder: what viewer (a pioneer seat, or the
// monster side's seat N) sees of s, written into o. It reads nothing hidden
// (MA §23.5) and does not allocate. s must be a *machina.State.
func (e *Encoder) Encode(gs game.State, viewer game.AgentID, o encode.Obs) {
	e.encode(gs, viewer, o, nil, nil)
}

// EncodeTouched implements encode.TouchEncoder: Encode, clearing o only
// where the record t says the last encoding wrote, and marking what it
// writes (all of o: an env keeps rows up to date with EncodeIncremental).
func (e *Encoder) EncodeTouched(gs game.State, viewer game.AgentID, o encode.Obs, t *encode.Touched) {
	e.encode(gs, viewer, o, t, nil)
}

// NewMemory implements encode.IncrementalEncoder: a memory of one row for
// EncodeIncremental.
func (e *Encoder) NewMemory() *encode.Memory { return e.plan.NewMemory(e) }

// EncodeIncremental implements encode.IncrementalEncoder: Encode into a row
// that m describes, rewriting only the blocks (plan.go) whose inputs
// changed since m's last encoding: the terrain planes when the board
// changed, the sight plane when the board or its origin did, the card rows
// whose cards changed, and every time the planes of figures, tokens and
// reach and the float32 and int32 vectors.
func (e *Encoder) EncodeIncremental(gs game.State, viewer game.AgentID, o encode.Obs, m *encode.Memory) {
	e.encode(gs, viewer, o, nil, m)
}

// encode is Encode, keeping the record t or the memory m when not nil.
func (e *Encoder) encode(gs game.State, viewer game.AgentID, o encode.Obs, t *encode.Touched, m *encode.Memory) {
	s, ok := gs.(*machina.State)
	if !ok {
		panic(fmt.Sprintf("machinaobs: Encode needs a *machina.State, got %T", gs))
	}
	n := int(s.N)
	v := int(viewer)
	if v < 0 || v > n {
		v = 0
	}
	if m != nil {
		// The item rows' keys leave out the cards' printed values.
		m.Within(s.Content())
	}
	w := writer{Writer: encode.Start(gs, viewer, o, t, m), e: e, s: s, ct: s.Content(), at: &e.at, bl: &e.blocks, n: n, v: v,
		cur: [2]int{s.CurrentEvent(false), s.CurrentEvent(true)}}
	w.figures = w.Sparse(w.bl.figures)
	if t != nil {
		// Every buffer is written whole as far as the record goes: the
		// next EncodeTouched clears it all (only EncodeIncremental keeps
		// parts of a row).
		t.MarkF32(0, len(o.F32))
		t.MarkI32(0, len(o.I32))
		t.MarkU8(0, len(o.U8))
	}
	cache := e.cache
	if cache.mu.TryLock() {
		defer cache.mu.Unlock()
		cache.sync(s)
		w.cache, w.gen = cache, cache.gen
	} else {
		// Another goroutine holds the cache: this encoding's board gets a
		// generation of its own, which no row holds.
		w.gen = newGeneration()
	}
	s.AllCharacteristics(&w.chars)
	// The plan's Always blocks (reach, head) are cleared by Start, and what
	// the last encoding set in its sparse one (figures); the writers below
	// write them every time.
	if w.Changed(w.bl.terrain, encode.Key{w.gen}) {
		w.terrain()
	}
	w.board()
	w.global()
	w.cards() // first: it counts the items each pioneer holds, which pioneers writes
	w.pioneers()
	w.monsters()
	w.prompt()
	w.Finish()
}

// overflows counts uint8 writes of values outside [0, 255] (truncated), in
// every encoder of the process: none may happen (see the tests);
// overflowAt holds the last one's offset (high bits) and value (low 16).
var overflows, overflowAt atomic.Int64

// writer holds what one Encode call needs.
type writer struct {
	encode.Writer
	e     *Encoder
	cache *boardCache // nil when another goroutine holds it
	gen   uint64      // the board's generation (boardCache.gen): the terrain's key
	s     *machina.State
	ct    *machina.Content
	at    *offsets
	bl    *blocks
	n, v  int
	cur   [2]int                      // the current pioneer and horror events (MA §15.1), -1 if none
	chars machina.CharacteristicTable // of the pioneers and the monsters in play

	held, equipped [machina.MaxPioneers]int // items each seat holds and has equipped (items)
	actor          int                      // the creature the sight and reach planes are seen from (board), -1 if none
	figures        encode.SparseMarks       // of the figure planes (figure)
}

// f writes a float32 element (only non-zero values need writing: the
// float32 buffer is one block, cleared every encoding; so is the int32
// buffer but for the item hosts, which item rows write).
func (w *writer) f(off int, x float32) { w.O.F32[off] = x }

// i writes an int32 element.
func (w *writer) i(off int, x int32) { w.O.I32[off] = x }

// u writes a uint8 element: a flag or a small count, in a block being
// written (encode marks a Touched record whole; a Memory marks the
// block). A value out of range is counted in overflows.
func (w *writer) u(off, x int) {
	if uint(x) > 255 {
		overflows.Add(1)
		overflowAt.Store(int64(off)<<16 | int64(uint16(x)))
	}
	w.O.U8[off] = uint8(x)
}

// row8 is a value of at most 8 bits for a key (a pioneer row, -1 for none,
// is 255).
func row8(x int) uint64 { return uint64(uint8(x)) }

// b writes 1 where cond holds.
func (w *writer) b(off int, cond bool) {
	if cond {
		w.f(off, 1)
	}
}

// figure writes x at element off of the figure planes (a sparse block,
// encode.Plan.Sparse) and marks it, so that the next encoding clears it.
func (w *writer) figure(off, x int) {
	w.u(off, x)
	w.figures.Mark(off)
}

// ub writes a uint8 1 where cond holds.
func (w *writer) ub(off int, cond bool) {
	if cond {
		w.O.U8[off] = 1
	}
}

// row is the viewer-relative row of a pioneer seat.
func (w *writer) row(seat int) int {
	if w.v >= w.n {
		return seat
	}
	return (seat - w.v + w.n) % w.n
}

// seatOf is the pioneer seat of a row.
func (w *writer) seatOf(row int) int {
	if w.v >= w.n {
		return row
	}
	return (w.v + row) % w.n
}

// plane returns the offset of cell c of channel ch in the uint8 buffer.
func (w *writer) plane(ch, c int) int { return w.at.board + ch*planeSize + c }

// sideDX and sideDY step across a tile side (north, east, south, west).
var sideDX, sideDY = [4]int{0, 1, 0, -1}, [4]int{-1, 0, 1, 0}

// terrain writes the planes that derive from the board alone (channels
// chKind to chUnexplored).
func (w *writer) terrain() {
	g := &w.s.Board
	u := w.FreshU8(w.at.board, terrainChannels*planeSize)
	for c := 0; c < machina.NumCells; c++ {
		k := g.Kind[c]
		if k == machina.KindNone {
			continue
		}
		u[chKind*planeSize+c] = uint8(k)
		if g.Passable(c) {
			u[chPassable*planeSize+c] = 1
		}
		u[chDestroyed*planeSize+c] = g.Dest[c]
		if g.Lit[c] {
			u[chChapterLit*planeSize+c] = 1
		}
		x, y := c%machina.Size, c/machina.Size
		u[(chEdge+0)*planeSize+c] = uint8(g.H[y][x])
		u[(chEdge+1)*planeSize+c] = uint8(g.V[y][x+1])
		u[(chEdge+2)*planeSize+c] = uint8(g.H[y+1][x])
		u[(chEdge+3)*planeSize+c] = uint8(g.V[y][x])
	}
	// Unexplored borders (MA §11.2): the opening pairs of placed tiles that
	// face no placed tile (as Board.UnexploredSide, per slot and side).
	openings(g, func(c int) { u[chUnexplored*planeSize+c] = 1 })
}

// openings calls yield with the cells of the opening pairs of placed tiles
// that face no placed tile (MA §11.2; as Board.UnexploredSide, per slot and
// side).
func openings(g *machina.Board, yield func(c int)) {
	for slot := 0; slot < 4; slot++ {
		pt := &g.Slots[slot]
		if pt.Tile < 0 {
			continue
		}
		for d := machina.Side(0); d < 4; d++ {
			if !pt.Open[d] {
				continue
			}
			nx, ny := slot%2+sideDX[d], slot/2+sideDY[d]
			if nx >= 0 && ny >= 0 && nx <= 1 && ny <= 1 && g.Slots[ny*2+nx].Tile >= 0 {
				continue
			}
			a, b := machina.OpeningCells(slot, d)
			yield(a)
			yield(b)
		}
	}
}

// board writes the planes that change with every decision (channels
// chRitual to chReach) into a buffer zero there.
func (w *writer) board() {
	s, g := w.s, &w.s.Board
	for _, r := range s.Rituals {
		if r.HP > 0 {
			w.figure(w.plane(chRitual, int(r.Cell)), int(r.HP))
		}
	}
	for k := 0; k < 2; k++ {
		if c := s.Entrance[k]; c >= 0 {
			w.figure(w.plane(chEntrance, int(c)), 1)
		}
		if c := s.Exit[k]; c >= 0 {
			w.figure(w.plane(chExit, int(c)), 1)
		}
	}
	for seat := 0; seat < w.n; seat++ {
		if c := s.Position(seat); c >= 0 {
			w.figure(w.plane(chPioneer+w.row(seat), c), 1)
			w.figure(w.plane(chPioneerHP, c), int(s.P[seat].HP))
		}
	}
	// The monsters' planes are written with their rows (monsters).
	// Sight and reach from the creature whose turn it is, else the viewer.
	cr := s.Acting()
	if cr < 0 && w.v < w.n {
		cr = w.v
	}
	w.actor = cr
	ac := -1
	if cr >= 0 {
		ac = s.Position(cr)
	}
	w.i(w.at.actorCell, int32(ac))
	if ac < 0 {
		w.AbsentMask(w.bl.sight, 1)
		return
	}
	w.figure(w.plane(chActor, ac), 1)
	// The sight plane is a function of the board and the origin.
	if w.Changed(w.bl.sight, encode.Key{w.gen, uint64(ac) + 1}) {
		var own [sightWords]uint64
		row := &own
		if w.cache != nil {
			row = w.cache.row(ac)
		} else {
			g.Grid.SightRow(ac, &own)
		}
		sight := w.FreshU8(w.plane(chSight, 0), machina.NumCells)
		for c := 0; c < machina.NumCells; c += 8 { // eight cells a store
			binary.LittleEndian.PutUint64(sight[c:], bitBytes[uint8(row[c>>6]>>(c&63))])
		}
	}
	reach := w.O.U8[w.plane(chReach, 0):w.plane(chReach, machina.NumCells)]
	if w.cache != nil {
		w.cache.reach(s, ac, stamina(s, cr), reach)
		return
	}
	var dist [machina.NumCells]int8
	s.ReachFrom(cr, stamina(s, cr), &dist)
	for c, d := range dist {
		if d >= 0 {
			reach[c] = 1
		}
	}
}

func (w *writer) global() {
	s, g := w.s, w.at.global
	cfg := s.Config()
	w.f(g+gRound, float32(s.Round))
	w.f(g+gPhase+int(s.Phase), 1)
	w.f(g+gDanger, float32(s.Danger))
	w.f(g+gDangerTrack, float32(s.DangerTrack()))
	w.f(g+gLevel, float32(s.Level))
	w.f(g+gLair, float32(s.Lair))
	w.f(g+gHorror, float32(s.Horror))
	w.f(g+gChapter, float32(s.ChapterPos)+1)
	w.f(g+gChapters, float32(len(s.Chapters)))
	w.b(g+gFinale, s.InFinale)
	w.f(g+gTokens, float32(s.Tokens))
	rit := 0
	for _, r := range s.Rituals {
		if r.HP > 0 {
			rit++
		}
	}
	w.f(g+gRituals, float32(rit))
	w.b(g+gMonsterSide, s.MonsterSide)
	w.b(g+gCooperative, cfg.Cooperative)
	w.b(g+gViewerMon, w.v >= w.n)
	w.f(g+gTiles, float32(len(s.Tiles)))
	w.f(g+gMonsterDeck, float32(len(s.MonsterDeck)))
	w.f(g+gMonsterPile, float32(len(s.MonsterPile)))
	for d := range s.ItemDecks {
		w.f(g+gItemDeck+d, float32(len(s.ItemDecks[d])))
	}
	w.f(g+gItemDiscard, float32(len(s.ItemDiscard)))
	for k := 0; k < 2; k++ {
		w.f(g+gEventDeck+k, float32(len(s.EventDecks[k])))
	}
	for k, p := range s.Progress {
		w.f(g+gProgress+k, float32(p))
	}
	w.b(g+gEasy, cfg.Easy)
	w.b(g+gVeryEasy, cfg.VeryEasy)
	w.b(g+gQuick, cfg.Quick)
	w.b(g+gVeryQuick, cfg.VeryQuick)
	w.f(g+gRoundCap, float32(cfg.RoundCap))
	chapter := int32(0)
	if !s.InFinale && int(s.ChapterPos) < len(s.Chapters) {
		chapter = int32(s.Chapters[s.ChapterPos]) + 1
	}
	w.i(w.at.chapter, chapter)
	w.i(w.at.pEvent, int32(w.cur[0]+1))
	w.i(w.at.hEvent, int32(w.cur[1]+1))
}

func (w *writer) pioneers() {
	s := w.s
	held, equipped := &w.held, &w.equipped // counted by items
	for r := 0; r < machina.MaxPioneers; r++ {
		if r >= w.n {
			w.i(w.at.seat+r, -1)
			continue
		}
		seat := w.seatOf(r)
		p := &s.P[seat]
		card := &w.ct.Pioneers[p.Card]
		off := w.at.pioneers + r*pioneerCols
		w.i(w.at.seat+r, int32(seat))
		w.i(w.at.pioneerCard+r, int32(p.Card)+1)
		w.f(off+pPresent, 1)
		w.b(off+pAlive, p.Alive)
		w.b(off+pOnBoard, p.OnBoard)
		w.b(off+pActed, p.Acted)
		w.b(off+pActive, int(s.Active) == seat)
		x, y := float32(-1), float32(-1)
		if c := s.Position(seat); c >= 0 {
			x, y = float32(c%machina.Size), float32(c/machina.Size)
		}
		w.f(off+pX, x)
		w.f(off+pY, y)
		w.f(off+pHP, float32(p.HP))
		w.f(off+pMaxHP, float32(card.MaxHP))
		w.f(off+pStamina, float32(p.Stamina))
		w.f(off+pMaxInsp, float32(card.MaxInsp))
		w.f(off+pInsp, float32(p.Insp))
		w.f(off+pClass+int(card.Class), 1)
		w.f(off+pKills, float32(p.Kills))
		w.f(off+pPersonal, float32(p.PersonalN))
		w.f(off+pItems, float32(held[seat]))
		w.f(off+pEquipped, float32(equipped[seat]))
		if p.Alive {
			ch := &w.chars[seat]
			w.f(off+pMaxStamina, float32(ch[0]))
			w.f(off+pDefence, float32(ch[1]))
			w.f(off+pWill, float32(ch[2]))
			w.b(off+pIncorporeal, s.Incorporeal(seat))
		}
	}
}

// absent gathers the card rows absent from the state (all zero), one bit
// per row of a kind, for Writer.AbsentMask.
type absent [2]uint64

func (a *absent) add(k int) { a[k>>6] |= 1 << (k & 63) }

// flush says the rows gathered are absent, kind's first block being first.
func (a *absent) flush(w *writer, first int) {
	for k, m := range a {
		if m != 0 {
			w.AbsentMask(first+k*64, m)
		}
	}
}

// The card rows' keys hold every value a row is written from (the card's
// printed values too), a byte each unless said otherwise, so that equal
// keys write equal rows.

func (w *writer) monsters() {
	s := w.s
	var gone absent
	for m := range w.ct.Monsters {
		mx := &s.Mx[m]
		inPlay := mx.Zone == machina.ZonePlay
		if !inPlay && mx.Zone != machina.ZoneDiscard {
			gone.add(m)
			continue
		}
		mc := &w.ct.Monsters[m]
		off := w.at.monsters + m*monsterCols
		static := row8(int(mc.Level)) | row8(int(mc.Health))<<8 | encode.KeyBit(mc.Immobile)<<16
		if !inPlay {
			if w.Changed(w.bl.monster+m, encode.Key{static | 2<<20}) {
				w.FreshU8(off, monsterCols)
				w.u(off+mLevel, int(mc.Level))
				w.u(off+mMaxHealth, int(mc.Health))
				w.ub(off+mImmobile, mc.Immobile)
				w.O.U8[off+mDestroyed] = 1
			}
			continue
		}
		cr := machina.MonsterBase + m
		c := s.Position(cr)
		health, incorporeal := s.Health(cr), s.Incorporeal(cr)
		if c >= 0 {
			// The board's monster planes (MA §6.4: the monsters in play).
			w.figure(w.plane(chMonster, c), 1)
			w.figure(w.plane(chMonsterLevel, c), int(mc.Level))
			w.figure(w.plane(chMonsterHP, c), health)
			if incorporeal {
				w.figure(w.plane(chMonsterIncor, c), 1)
			}
			if mx.Controller >= 0 {
				w.figure(w.plane(chMonsterCtrl, c), 1)
			}
		}
		ch := &w.chars[cr]
		maxStamina, defence, will := int(ch[0]), int(ch[1]), int(ch[2])
		ctrl := -1
		if mx.Controller >= 0 && int(mx.Controller) < w.n {
			ctrl = w.row(int(mx.Controller))
		}
		order := 0
		for k, o := range s.Order {
			if int(o) == m {
				order = k + 1
				break
			}
		}
		key := encode.Key{static | 1<<20 | uint64(uint16(c))<<24 | row8(health)<<40 | row8(int(mx.Wounds))<<48 |
			encode.KeyBit(incorporeal)<<56 | encode.KeyBit(int(s.ActiveMon) == m)<<57,
			row8(int(mx.Stamina)) | row8(maxStamina)<<8 | row8(defence)<<16 | row8(will)<<24 | row8(ctrl)<<32 | row8(order)<<40}
		if !w.Changed(w.bl.monster+m, key) {
			continue
		}
		w.FreshU8(off, monsterCols)
		w.u(off+mLevel, int(mc.Level))
		w.u(off+mMaxHealth, int(mc.Health))
		w.ub(off+mImmobile, mc.Immobile)
		w.O.U8[off+mInPlay] = 1
		if c >= 0 {
			w.u(off+mX, c%machina.Size)
			w.u(off+mY, c/machina.Size)
		}
		w.u(off+mHealth, health)
		w.u(off+mWounds, int(mx.Wounds))
		if mx.Stamina < 0 {
			w.O.U8[off+mToAct] = 1 // not yet acted this phase
		} else {
			w.u(off+mStamina, int(mx.Stamina))
		}
		w.u(off+mMaxStamina, maxStamina)
		w.u(off+mDefence, defence)
		w.u(off+mWill, will)
		w.ub(off+mIncorporeal, incorporeal)
		w.ub(off+mActive, int(s.ActiveMon) == m)
		if ctrl >= 0 {
			w.O.U8[off+mController+ctrl] = 1
		}
		if order > 0 {
			w.u(off+mOrder, order)
		}
	}
	gone.flush(w, w.bl.monster)
}

// itemZone is the item column of each zone whose items are shown (MA §13)
// plus one, 0 for the rest (decks, set aside, boxed).
var itemZone = [256]uint8{
	machina.ZoneInventory: iInventory + 1,
	machina.ZoneEquipped:  iEquipped + 1,
	machina.ZoneDiscard:   iDiscard + 1,
	machina.ZoneLimbo:     iRevealed + 1,
}

// ownerBits checks at compile time that a seat's row plus one (0 for
// none) fits the 3 bits of an item row's key.
const ownerBits = uint8(7 - machina.MaxPioneers)

// cards writes the item and event rows, unless the cards guard finds
// them as they were at the row's last encoding; either way it leaves the
// items each seat holds in held and equipped.
func (w *writer) cards() {
	s := w.s
	in := cardsInput{int16(w.cur[0]), int16(w.cur[1]), int16(w.n), int16(w.v)}
	keep := w.Keep(w.bl.cards)
	if w.Same(w.bl.cards, encode.Bytes(&s.Items), encode.Bytes(&s.ItemProgress), encode.Bytes(&s.Events),
		encode.Bytes(&s.EventProgress), encode.Bytes(&in)) {
		for p := range w.held {
			w.held[p], w.equipped[p] = int(keep[p]), int(keep[machina.MaxPioneers+p])
		}
		return
	}
	w.items()
	w.events()
	if keep != nil {
		for p := range w.held {
			keep[p], keep[machina.MaxPioneers+p] = uint8(w.held[p]), uint8(w.equipped[p])
		}
	}
}

func (w *writer) items() {
	s := w.s
	var gone absent
	for i := range w.ct.Items {
		st := &s.Items[i]
		zone := int(itemZone[st.Zone]) - 1
		if zone < 0 {
			gone.add(i)
			continue
		}
		if st.Owner >= 0 && (st.Zone == machina.ZoneInventory || st.Zone == machina.ZoneEquipped) {
			w.held[st.Owner]++
			if st.Zone == machina.ZoneEquipped {
				w.equipped[st.Owner]++
			}
		}
		owner, host, ext := -1, 0, false
		if st.Owner >= 0 && int(st.Owner) < w.n && (st.Zone == machina.ZoneInventory || st.Zone == machina.ZoneEquipped) {
			owner = w.row(int(st.Owner))
			if st.Host >= 0 {
				host, ext = int(st.Host)+1, st.Ext
			}
		}
		it := &w.ct.Items[i]
		// The printed values (it) are the content's, the memory's tag;
		// owner+1 takes 3 bits (ownerBits).
		key := uint32(zone+1) | uint32(owner+1)<<3 | uint32(encode.KeyBit(ext))<<6 |
			uint32(uint8(s.ItemProgress[i]))<<8 | uint32(uint16(host))<<16
		if !w.Changed32(w.bl.item+i, key) {
			continue
		}
		off := w.at.items + i*itemCols
		w.FreshU8(off, itemCols)
		w.O.U8[off+iInventory+zone] = 1
		w.O.I32[w.at.itemHost+i] = int32(host)
		if owner >= 0 {
			w.O.U8[off+iOwner+owner] = 1
			if host > 0 {
				w.ub(off+iUpgrade, !ext)
				w.ub(off+iExtension, ext)
			}
		}
		w.O.U8[off+iDeck+int(it.Deck)] = 1
		w.u(off+iLevel, int(it.Level))
		w.u(off+iHands, int(it.Hands))
		w.ub(off+iRanged, it.Ranged)
		if it.Fit != machina.FitNone {
			w.O.U8[off+iFit+int(it.Fit)-1] = 1
		}
		w.u(off+iDefence, int(it.Defence))
		w.u(off+iWill, int(it.Will))
		w.u(off+iProgress, int(s.ItemProgress[i]))
	}
	gone.flush(w, w.bl.item)
}

func (w *writer) events() {
	s := w.s
	cur := w.cur
	var gone absent
	for e := range w.ct.Events {
		st := &s.Events[e]
		ev := &w.ct.Events[e]
		col, owner := -1, -1
		switch {
		case e == cur[0] || e == cur[1]:
			col = eCurrent
		case st.Zone == machina.ZonePersonal:
			col = eOwner // the owner's column, if any
			if st.Owner >= 0 && int(st.Owner) < w.n {
				owner = w.row(int(st.Owner))
			}
		case st.Zone == machina.ZoneDiscard:
			col = eDiscard
		default:
			gone.add(e) // in a deck or boxed: not shown
			continue
		}
		key := uint32(col+1) | uint32(row8(owner))<<8 | uint32(uint8(s.EventProgress[e]))<<16 |
			uint32(encode.KeyBit(ev.Horror))<<24 | uint32(encode.KeyBit(ev.Personal))<<25
		if !w.Changed32(w.bl.event+e, key) {
			continue
		}
		off := w.at.events + e*eventCols
		w.FreshU8(off, eventCols)
		switch {
		case col != eOwner:
			w.O.U8[off+col] = 1
		case owner >= 0:
			w.O.U8[off+eOwner+owner] = 1
		}
		w.ub(off+eHorror, ev.Horror)
		w.ub(off+ePersonal, ev.Personal)
		w.u(off+eProgress, int(s.EventProgress[e]))
	}
	gone.flush(w, w.bl.event)
}

func (w *writer) prompt() {
	s := w.s
	p := s.Prompt()
	off := w.at.prompt
	if int(p.Kind) < w.at.promptKinds {
		w.f(off+int(p.Kind), 1)
	}
	if s.Over() || p.Actor < 0 {
		w.options(false)
		return
	}
	tail := off + w.at.promptKinds
	decides := int(p.Actor) == w.v
	w.options(decides)
	w.b(tail, decides)
	switch a := int(p.Actor); {
	case a < w.n:
		w.f(tail+1+w.row(a), 1)
	case a == w.n:
		w.f(tail+1+machina.MaxPioneers, 1)
	}
	if decides {
		w.f(tail+2+machina.MaxPioneers, float32(len(p.Options)))
	}
}

// stamina is what creature cr has left: a pioneer's stamina, a monster's
// stamina left in its turn (MA §19.2).
func stamina(s *machina.State, cr int) int {
	switch {
	case cr >= 0 && cr < machina.MaxPioneers:
		return int(s.P[cr].Stamina)
	case cr >= machina.MonsterBase && cr < machina.MonsterBase+machina.MaxMonsters:
		return int(s.Mx[cr-machina.MonsterBase].Stamina)
	}
	return 0
}
