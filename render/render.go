package render

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/machina"
)

// Spectator is the viewer of a spectator of a recorded game: Draw shows
// what every seat knows together (every hand, threat area and item, as a
// person watching over every player's shoulder sees them) and nothing no
// seat knows (deck orders, the encounter and mythos decks, the tile stack,
// face-down condition cards), and the drawing's header says "spectator
// view". It is not game.NoAgent (-1), which the callers of Draw read as
// "the acting seat" (mythos render --viewer -1, the Render call of the
// gRPC server): a spectator is always asked for by name.
const Spectator game.AgentID = -2

// SpectatorLabel is the mark in the header of a spectator's drawing.
const SpectatorLabel = "spectator view"

// Draw lays out what seat viewer may know of a game state as a scene, or
// what a spectator may see of it when viewer is [Spectator]. It returns an
// error for a game with no drawing.
func Draw(st game.State, viewer game.AgentID) (*Scene, error) {
	switch s := st.(type) {
	case *ah3.State:
		return NewAH3View(s, viewer).Draw(), nil
	case *lcg.State:
		if viewer == Spectator {
			return DrawLCG(s.SpectatorView(), s.ScenarioName()), nil
		}
		return DrawLCG(s.TableView(viewer), s.ScenarioName()), nil
	case *machina.State:
		return NewMachinaView(s, viewer).Draw(), nil
	}
	return nil, fmt.Errorf("render: no drawing for %T", st)
}

// spectatorBadge draws the spectator's mark, a gold box, with its text's
// baseline at y, from x (Start) or ending at x (End); it returns the box's
// width.
func spectatorBadge(s *Scene, x, y float64, a Anchor) float64 {
	const size, pad = 12.0, 7.0
	w := measure(SpectatorLabel, size, true) + 2*pad
	if a == End {
		x -= w
	}
	s.RoundRect(x, y-size-2, w, size+7, 4, goldColor, None, 0)
	s.Text(x+pad, y, size, RGB(0x1d, 0x1f, 0x24), Start, true, 0, SpectatorLabel)
	return w
}
