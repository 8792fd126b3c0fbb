package env

import (
	"fmt"
	"slices"
	"strings"
	"sync"

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

// maxSharedSpecs bounds the specs ShareSpec keeps per id (a process rarely
// makes more than a few configurations of one id; past the bound the oldest
// is forgotten, and envs made with it keep it).
const maxSharedSpecs = 8

var sharedSpecs struct {
	sync.Mutex
	byID map[string][]*Spec // most recent last
}

// ShareSpec returns a spec equal to s that envs share: one it was given
// before, or s itself (then kept for the next ones). Specs are equal when
// their ids, descriptions, agents, options, action names and action counts
// are equal and they have the same layout (the same *encode.Layout: encoders
// share theirs). Specs are never changed once made, so every env of an id and
// options can hold the one copy of its action names and option docs. A
// caller that changes a spec after making an env with it must copy it first.
func ShareSpec(s *Spec) *Spec {
	sharedSpecs.Lock()
	defer sharedSpecs.Unlock()
	list := sharedSpecs.byID[s.ID]
	for _, c := range list {
		if c == s || (c.Description == s.Description && c.Layout == s.Layout && c.Actions == s.Actions &&
			slices.Equal(c.Agents, s.Agents) && slices.Equal(c.Options, s.Options) && slices.Equal(c.ActionNames, s.ActionNames)) {
			return c
		}
	}
	if sharedSpecs.byID == nil {
		sharedSpecs.byID = map[string][]*Spec{}
	}
	if len(list) == maxSharedSpecs {
		list = append(list[:0], list[1:]...)
	}
	sharedSpecs.byID[s.ID] = append(list, s)
	return s
}
