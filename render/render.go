package render

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/machina"
)

// Draw lays out what seat viewer may know of a game state as a scene. It
// returns an error for a game with no drawing.
func Draw(st game.State, viewer game.AgentID) (*Scene, error) {
	switch s := st.(type) {
	case *ah3.State:
		return NewAH3View(s, viewer).Draw(), nil
	case *lcg.State:
		return DrawLCG(s.TableView(viewer), s.ScenarioName()), nil
	case *machina.State:
		return NewMachinaView(s, viewer).Draw(), nil
	}
	return nil, fmt.Errorf("render: no drawing for %T", st)
}
