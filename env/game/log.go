package game

// Event is one thing that happened, as plain data: a kind of the game's own
// vocabulary, who did it, and its values. The game's [Narrator] puts it into
// words.
type Event struct {
	Kind    uint16
	Who     AgentID
	A, B, C int32
}

// Log is the ordered list of events of a game. Recording can be switched off
// (the default for training) so that the step path writes nothing.
type Log struct {
	Enabled bool
	Events  []Event
}

// Add appends an event if the log is enabled.
func (l *Log) Add(kind uint16, who AgentID, a, b, c int32) {
	if l.Enabled {
		l.Events = append(l.Events, Event{Kind: kind, Who: who, A: a, B: b, C: c})
	}
}

// Reset empties the log, keeping its storage and its Enabled flag.
func (l *Log) Reset() { l.Events = l.Events[:0] }

// CloneInto copies l into dst, reusing dst's storage.
func (l *Log) CloneInto(dst *Log) {
	dst.Enabled = l.Enabled
	dst.Events = append(dst.Events[:0], l.Events...)
}

// Lines narrates every event with n, one line each.
func (l *Log) Lines(n Narrator) []string {
	out := make([]string, len(l.Events))
	for i, e := range l.Events {
		out[i] = n.Narrate(e)
	}
	return out
}
