package machinaobs

import (
	"unsafe"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/machina"
)

// blocks are the indices of the blocks of the encoder's encode.Plan: what
// EncodeIncremental rewrites independently. The terrain planes, the sight
// plane and every monster, item and event card row are keyed by what they
// are written from and rewritten when that changes; the planes of figures
// and tokens (a sparse block: only the cells written last time are
// cleared), the reach plane and the float32 and int32 vectors (global,
// pioneers, prompt, a few ids) are rewritten every encoding. The rows of
// one kind are consecutive: row k of a kind is its first block plus k. The
// item and event rows, most of the blocks, are keyed by 32 bits
// (encode.Plan.Narrow), of what changes in a game: the cards' printed
// values are the content's, the memory's tag (encode.Memory.Within).
type blocks struct {
	terrain, sight int // the terrain planes, keyed by board; the sight plane, by board and origin
	figures        int // written every encoding, sparse (encode.Plan.Sparse): the ritual, token, figure and actor planes
	reach, head    int // rewritten every encoding: the reach plane; the vectors
	paths          int // rewritten every encoding: the option paths (Extras.Paths)
	abilities      int // rewritten every encoding: the option abilities (Extras.Abilities)

	monster, item, event int // first of each kind

	// cards guards the item and event rows: they are written from the
	// state's item and event cards and their progress, the current events
	// and the viewer (cardsInput), and keep the items each seat holds and
	// has equipped (held, equipped).
	cards int
}

// cardsInput is what the item and event rows are written from besides the
// cards' zones and progress: the current events, the pioneers and the
// viewer.
type cardsInput [4]int16

// cardsInputSize is the size of the cards guard's input.
const cardsInputSize = int(unsafe.Sizeof(machina.State{}.Items) + unsafe.Sizeof(machina.State{}.ItemProgress) +
	unsafe.Sizeof(machina.State{}.Events) + unsafe.Sizeof(machina.State{}.EventProgress) + unsafe.Sizeof(cardsInput{}))

// newPlan divides the layout at into blocks: every element the writers
// write lies in exactly one.
func newPlan(l *encode.Layout, at *offsets) (*encode.Plan, blocks) {
	p := encode.NewPlan(l)
	F, I, U := encode.F32Span, encode.I32Span, encode.U8Span
	plane := func(ch int) int { return at.board + ch*planeSize }
	var b blocks
	b.terrain = p.Block(U(plane(0), terrainChannels*planeSize))
	b.sight = p.Block(U(plane(chSight), planeSize))
	// The figures are a few cells of thousands: only what the last encoding
	// set there is cleared.
	b.figures = p.Sparse(U(plane(chRitual), (chSight-chRitual)*planeSize))
	b.reach = p.Always(U(plane(chReach), (numChannels-chReach)*planeSize))
	// global, pioneers and prompt are the whole float32 buffer; the option
	// rows are written every time too.
	b.head = p.Always(F(at.global, globalCols), F(at.pioneers, machina.MaxPioneers*pioneerCols), F(at.prompt, at.promptCols),
		U(at.options, MaxOptionRows*optionCols),
		I(at.seat, machina.MaxPioneers), I(at.pioneerCard, machina.MaxPioneers),
		I(at.chapter, 1), I(at.pEvent, 1), I(at.hEvent, 1), I(at.actorCell, 1), I(at.optAction, MaxOptionRows))
	if at.optPaths >= 0 {
		b.paths = p.Always(U(at.optPaths, MaxOptionRows*pathCols))
	}
	if at.optAbilities >= 0 {
		b.abilities = p.Always(U(at.optAbilities, MaxOptionRows*abilityCols))
	}
	b.monster = p.Blocks()
	for m := 0; m < machina.MaxMonsters; m++ {
		p.Block(U(at.monsters+m*monsterCols, monsterCols))
	}
	b.item = p.Blocks()
	for i := 0; i < machina.MaxItems; i++ {
		p.Narrow(U(at.items+i*itemCols, itemCols), I(at.itemHost+i, 1))
	}
	b.event = p.Blocks()
	for e := 0; e < machina.MaxEvents; e++ {
		p.Narrow(U(at.events+e*eventCols, eventCols))
	}
	b.cards = p.Guard(cardsInputSize, 2*machina.MaxPioneers)
	return p, b
}
