package ah3obs

import (
	"sync"
	"unsafe"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/ah3"
)

// blocks are the indices of the blocks of the encoder's encode.Plan: what
// EncodeIncremental rewrites independently. Entity slots (a space, a
// neighborhood, a monster, an asset, a Reserve slot, a codex row) and the
// static adjacency matrix are keyed by what they are written from and
// rewritten when that changes; the other blocks are rewritten every
// encoding. The slots of one kind are consecutive: slot k of a kind is its
// first block plus k.
type blocks struct {
	// Rewritten every encoding, before their writers: global (with the
	// mythos cup), investigators (with the sheets), test and prompt.
	global, investigators, tail int
	// The option rows, keyed by how many there are (prompt, optionsNone):
	// the rows past the last option hold −1, so a prompt rewrites the rows
	// of its options and only those past them that held options before.
	options int

	adjacency int // keyed by nothing: written once per full rewrite

	space, hood, monster, asset, reserve, codex int // first of each kind

	// Guards (encode.Plan.Guard): the monsters and where everyone stands
	// (the counts of count and the monster rows), and the map (space and
	// neighborhood rows).
	boardGuard, mapGuard int
}

// boardInput is what the board guard reads: the monsters, where each
// seat's investigator stands, and the view. The state's fields are copied
// in, so that the guard compares one run of bytes.
type boardInput struct {
	monsters   [ah3.MaxMonsters]ah3.Monster
	inv, space [ah3.MaxSeats]int8
	v, n       int8
}

// boardKeep is what count derives, kept by the board guard.
type boardKeep struct {
	monstersAt  [ah3.MaxSpaces][3]int8
	invAt       [ah3.MaxSpaces]uint8
	engagedWith [seats]int8
	nMonsters   int8
}

// mapInput is what the map guard reads: the state's per-space and
// per-neighborhood arrays (copied in, so that the guard compares one run of
// bytes), the neighborhood decks' sizes, the unstable spaces, the viewer's
// space and count's per-space counts.
type mapInput struct {
	unstable     uint64
	attached     [ah3.MaxHoods]int16
	hoodCards    [ah3.MaxHoods]int16
	doom         [ah3.MaxSpaces]int8
	spaceMarkers [ah3.MaxSpaces]int8
	clues        [ah3.MaxHoods]int8
	anomaly      [ah3.MaxHoods]bool
	here         int8
	monstersAt   [ah3.MaxSpaces][3]int8
	invAt        [ah3.MaxSpaces]uint8
}

// The guards' input sizes.
const (
	boardInputSize = int(unsafe.Sizeof(boardInput{}))
	mapInputSize   = int(unsafe.Sizeof(mapInput{}))
)

var (
	planOnce  sync.Once
	thePlan   *encode.Plan
	theBlocks blocks
)

// sharedPlan returns the plan of the shared layout.
func sharedPlan() (*encode.Plan, *blocks) {
	planOnce.Do(func() {
		l, at := sharedLayout()
		thePlan, theBlocks = newPlan(l, at)
	})
	return thePlan, &theBlocks
}

// newPlan divides the layout at into blocks: every element the writers
// write lies in exactly one. Fields that follow each other in the layout
// merge into one span.
func newPlan(l *encode.Layout, at *offsets) (*encode.Plan, blocks) {
	p := encode.NewPlan(l)
	F, I := encode.F32Span, encode.I32Span
	var b blocks
	b.global = p.Always(F(at.global, globalCols), F(at.cup, tokens), F(at.drawn, tokens), I(at.rumorCard, 1), I(at.encCard, 1))
	b.tail = p.Always(F(at.test, testCols), F(at.prompt, at.promptCols))
	b.investigators = p.Always(F(at.invs, seats*invCols), F(at.sheets, ah3.MaxInvestigator*5),
		I(at.seat, seats), I(at.invSheet, seats), I(at.invSpace, seats))
	b.options = p.Block(I(at.optAction, MaxOptionRows), I(at.optArg, MaxOptionRows), I(at.optArg2, MaxOptionRows))
	b.adjacency = p.Block(F(at.adjacency, ah3.MaxSpaces*ah3.MaxSpaces))
	b.space = p.Blocks()
	for k := 0; k < ah3.MaxSpaces; k++ {
		p.Block(F(at.spaces+k*spaceCols, spaceCols), I(at.spaceHood+k, 1))
	}
	b.hood = p.Blocks()
	for h := 0; h < ah3.MaxHoods; h++ {
		p.Block(F(at.hoods+h*hoodCols, hoodCols))
	}
	b.monster = p.Blocks()
	for k := 0; k < ah3.MaxMonsters; k++ {
		p.Block(F(at.monsters+k*monsterCols, monsterCols), I(at.monsterKind+k, 1), I(at.monsterSpace+k, 1))
	}
	b.asset = p.Blocks()
	for k := 0; k < seats*ah3.MaxAssets; k++ {
		p.Block(F(at.assets+k*assetCols, assetCols), I(at.assetCard+k, 1), I(at.assetCond+k, 1))
	}
	b.reserve = p.Blocks()
	for k := 0; k < ah3.ReserveSize; k++ {
		p.Block(F(at.reserve+k*assetStatic, assetStatic), I(at.reserveCard+k, 1))
	}
	b.codex = p.Blocks()
	for k := 0; k < ah3.MaxCodex; k++ {
		p.Block(F(at.codex+k*codexCols, codexCols), I(at.codexCard+k, 1))
	}
	b.boardGuard = p.Guard(boardInputSize, int(unsafe.Sizeof(boardKeep{})))
	b.mapGuard = p.Guard(mapInputSize, 0)
	return p, b
}
