package content

import (
	"embed"
	"io/fs"
	"sync"
)

//go:embed data
var data embed.FS

// Shipped is the embedded content: one directory per scenario under data/.
func Shipped() fs.FS { return data }

// DefaultScenario is the directory of the shipped original scenario.
const DefaultScenario = "data/drowned_lantern"

var (
	defaultOnce sync.Once
	defaultSc   *Scenario
	defaultErr  error
)

// Default loads the shipped original scenario (once; the result is shared
// and must not be modified).
func Default() (*Scenario, error) {
	defaultOnce.Do(func() { defaultSc, defaultErr = Load(data, DefaultScenario) })
	return defaultSc, defaultErr
}
