package env

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/encode"
)

// Spec describes an env id: its observation fields, its Discrete action
// space and its agents.
type Spec struct {
	ID          string
	Description string
	// Layout lists the observation fields (name, dtype, shape).
	Layout *encode.Layout
	// Actions is the size of the Discrete action space.
	Actions int
	// ActionNames names each action id.
	ActionNames []string
	// Agents names each seat; agent id i is seat i.
	Agents []string
	// Options lists the options the env accepts at make time.
	Options []OptionDoc
}

// Markdown describes the spec for people: fields, actions and options.
func (s *Spec) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n\n## Agents\n\n", s.ID, s.Description)
	for i, a := range s.Agents {
		fmt.Fprintf(&b, "- %d: %s\n", i, a)
	}
	b.WriteString("\n## Observation fields\n\n")
	b.WriteString(s.Layout.Markdown())
	fmt.Fprintf(&b, "\n## Actions (Discrete(%d))\n\n| id | action |\n|---|---|\n", s.Actions)
	for i, n := range s.ActionNames {
		fmt.Fprintf(&b, "| %d | %s |\n", i, n)
	}
	b.WriteString("\n## Options\n\n| option | default | meaning |\n|---|---|---|\n")
	for _, o := range s.Options {
		fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", o.Name, o.Default, o.Doc)
	}
	return b.String()
}
