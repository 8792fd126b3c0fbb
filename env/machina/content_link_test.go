package machina_test

import (
	"github.com/mythos-rl/mythos/env/machina"
	"github.com/mythos-rl/mythos/env/machina/content"
)

// The engine's tests read the shipped content through the loader
// (shipped_test.go).
func init() { machina.SetShippedForTest(content.Shipped) }
