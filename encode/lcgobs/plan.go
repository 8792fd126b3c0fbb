package lcgobs

import (
	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/lcg"
)

// blocks are the indices of the blocks of the encoder's encode.Plan: what
// EncodeIncremental rewrites independently. Entity slots (a location, an
// enemy, a hand, play, threat or board slot, an option row) are keyed by
// what they are written from and rewritten when that changes; the other
// blocks are rewritten every encoding. The slots of one kind are
// consecutive: slot k of a kind is its first block plus k.
type blocks struct {
	// Rewritten every encoding, each before its writers: global and
	// investigators; chaos, prompt and test; the piles.
	head, middle, piles int
	// The campaign fields (campaign.go): the campaign row, then one block
	// per investigator row of campaign_seats. They change between
	// scenarios, seldom within one.
	campaign, campaignSeat int

	location, enemy, hand, handOffers, play, threat, board, option int // first of each kind
}

// newPlan divides the layout at into blocks: every element the writers
// write lies in exactly one.
func newPlan(l *encode.Layout, at *offsets) (*encode.Plan, blocks) {
	p := encode.NewPlan(l)
	F, I := encode.F32Span, encode.I32Span
	var b blocks
	// Fields that follow each other in the layout merge into one span.
	b.head = p.Always(F(at.global, globalCols), F(at.self, invCols), F(at.others, others*invCols),
		I(at.seat, seats), I(at.invCard, seats), I(at.actCard, 1), I(at.agendaCard, 1))
	b.location = p.Blocks()
	for k := 0; k < lcg.MaxLocations; k++ {
		p.Block(F(at.locations+k*locCols, locCols), I(at.locCard+k, 1))
	}
	b.enemy = p.Blocks()
	for k := 0; k < lcg.MaxEnemies; k++ {
		p.Block(F(at.enemies+k*enemyCols, enemyCols), I(at.enemyCard+k, 1), I(at.enemyLoc+k, 1))
	}
	b.hand = p.Blocks()
	for h := 0; h < lcg.MaxHand; h++ {
		p.Block(F(at.hand+h*handCols, hPlayable), I(at.handCard+h, 1))
	}
	b.handOffers = p.Blocks()
	for h := 0; h < lcg.MaxHand; h++ {
		p.Block(F(at.hand+h*handCols+hPlayable, handCols-hPlayable))
	}
	b.play = p.Blocks()
	for k := 0; k < seats*lcg.MaxPlay; k++ {
		p.Block(F(at.play+k*playCols, playCols), I(at.playCard+k, 1))
	}
	b.threat = p.Blocks()
	for k := 0; k < seats*lcg.MaxThreat; k++ {
		p.Block(F(at.threat+k*threatCols, threatCols), I(at.threatCard+k, 1))
	}
	b.piles = p.Always(I(at.discard, seats*MaxDiscard), I(at.encDiscard, MaxEncounterDiscard), I(at.victory, MaxVictory), I(at.limbo, MaxLimbo))
	b.board = p.Blocks()
	for k := 0; k < MaxBoard; k++ {
		p.Block(F(at.board+k*boardCols, boardCols), I(at.boardCard+k, 1), I(at.boardLoc+k, 1))
	}
	b.middle = p.Always(F(at.bag, ChaosKinds), F(at.revealed, ChaosKinds), F(at.prompt, promptCols), F(at.test, testCols),
		I(at.sourceCard, 1), I(at.testSource, 1), I(at.testTarget, 1), I(at.testCommit, MaxCommit))
	b.option = p.Blocks()
	for i := 0; i < MaxOptions; i++ {
		p.Block(F(at.options+i*optCols, optCols), I(at.optAction+i, 1), I(at.optCard+i, 1))
	}
	b.campaign = p.Block(F(at.campaign, campaignCols))
	b.campaignSeat = p.Blocks()
	for r := 0; r < seats; r++ {
		p.Block(F(at.campaignSeats+r*campaignSeatCols, campaignSeatCols))
	}
	return p, b
}

// The masks of encoder.go give one bit to each slot of every row.
const (
	_ = uint(64 - seats*lcg.MaxPlay)
	_ = uint(64 - seats*lcg.MaxThreat)
	_ = uint(64 - 2*lcg.MaxHand)
)
