package gametest

import (
	"errors"

	"github.com/mythos-rl/mythos/env/game"
)

func isIllegal(err error) bool { return errors.Is(err, game.ErrIllegal) }
