package ah3

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// Read-only views of the engine for encoders and agents outside the package
// (encode/ah3obs, agents). They expose only what the rules let every player
// know, plus the static description of the game.

// MonsterKinds returns the monster kinds of the game: the scenario's, then
// the epic monsters of the archive (Monster.Kind indexes it). The slice is
// shared and must not be modified.
func (g *Game) MonsterKinds() []content.Monster { return g.kinds }

// Distance is the number of steps between two spaces along adjacency (AH3
// 476), 127 when there is no path or a space is out of range.
func (g *Game) Distance(a, b int) int {
	if a < 0 || b < 0 || a >= MaxSpaces || b >= MaxSpaces {
		return 127
	}
	return int(g.dist[a][b])
}

// ConditionClass returns the index of the condition name of asset card c
// (among the game's condition names) and true when c is a condition card.
// Cards of one condition name look alike until flipped (AH3 479.7).
func (g *Game) ConditionClass(c int16) (int, bool) {
	if c < 0 || int(c) >= len(g.condName) || g.condName[c] < 0 {
		return -1, false
	}
	return int(g.condName[c]), true
}

// ConditionNames lists the condition names of the game's content, in the
// order of ConditionClass.
func (g *Game) ConditionNames() []string { return g.conds }

// RoundCap is the round after which the game stops as truncated.
func (g *Game) RoundCap() int { return int(g.roundCap) }

// Unstable returns the k-th unstable space (AH3 489.3: the spaces marked by
// the doom icons of the top card of the event discard pile, or the starting
// space when the pile is empty), or -1 past the last.
func (s *State) Unstable(k int) int8 { return s.unstable(k) }

// TokenCount is the number of skill tokens the seat holds (AH3 491).
func (s *State) TokenCount(seat int8) int { return s.tokenCount(seat) }

// Info describes the game: its name, seats and action vocabulary (the Info
// of every state of it).
func (g *Game) Info() *game.Info { return &g.info }

// OptionKey names what option i of the current prompt does, apart from its
// position: the option itself, since an AH3 action code means the same in
// every prompt (for mythos play, which keeps an option's number).
func (s *State) OptionKey(i int) game.Option {
	if i < 0 || i >= len(s.prompt.Options) {
		return game.Option{Code: ActPass, Arg: -1}
	}
	return s.prompt.Options[i]
}

// Turn changes when a new round or phase begins (for mythos play).
func (s *State) Turn() int { return int(s.Round)*8 + int(s.Phase) }

// Confirm returns the question to ask a person before option i, or "":
// ending an action-phase turn with actions left (AH3 201.1).
func (s *State) Confirm(i int) string {
	if i < 0 || i >= len(s.prompt.Options) || s.prompt.Kind != PromptAction || s.prompt.Options[i].Code != ActPass {
		return ""
	}
	seat := s.prompt.Actor
	if seat < 0 || int(seat) >= int(s.N) {
		return ""
	}
	if left := 2 - int(s.Seats[seat].Taken); left > 0 {
		return fmt.Sprintf("End your turn with %d action(s) left?", left)
	}
	return ""
}
