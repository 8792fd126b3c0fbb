package game

import "fmt"

// Frame is one pending effect on a [Stack]: an operation of the game's own
// vocabulary (Op), where it is in that operation (Step), and its plain-data
// arguments. A frame that needs a decision opens a prompt and returns [Wait];
// the answer is stored in Answer and the frame runs again from its Step.
type Frame struct {
	Op     uint16 // the game's operation code
	Step   uint8  // progress inside the operation, starting at 0
	Who    AgentID
	Answer int32 // the chosen option's index once answered, else NoAnswer
	Src    int32 // the card, ability or entity that caused the effect
	Tgt    int32 // its target
	A, B   int32 // operation-specific values (amounts, X, counters…)
}

// NoAnswer marks a frame that has not been answered since it last waited.
const NoAnswer int32 = -1

// Control tells [Resolve] what to do after running a frame.
type Control uint8

const (
	// Done removes the frame: its effect is finished. Frames it pushed stay
	// and run next.
	Done Control = iota
	// Again keeps the frame and loops: it runs again after any frames it
	// pushed have finished (a "then" continuation).
	Again
	// Wait stops resolution: the frame opened a prompt and must be answered.
	Wait
	// Halt stops resolution because the game is over.
	Halt
)

// Handler runs one frame of operation f.Op against state s.
type Handler[S any] func(s S, f *Frame) Control

// Stack is the explicit effect stack of a game: the last frame pushed runs
// first. It holds values only, so copying its slice clones it.
type Stack struct {
	Frames []Frame
	// running is the frame a handler works on: a field of the stack (and so of
	// the state) rather than a local, so handing its address to a handler
	// allocates nothing, and pushes cannot move it.
	running Frame
}

// Push adds a new frame on top and returns it for filling in.
func (st *Stack) Push(op uint16, who AgentID, src, tgt, a, b int32) *Frame {
	st.Frames = append(st.Frames, Frame{Op: op, Who: who, Answer: NoAnswer, Src: src, Tgt: tgt, A: a, B: b})
	return &st.Frames[len(st.Frames)-1]
}

// Len is the number of pending frames.
func (st *Stack) Len() int { return len(st.Frames) }

// Top returns the frame that runs next, or nil.
func (st *Stack) Top() *Frame {
	if len(st.Frames) == 0 {
		return nil
	}
	return &st.Frames[len(st.Frames)-1]
}

// Clear empties the stack, keeping its storage.
func (st *Stack) Clear() { st.Frames = st.Frames[:0] }

// CloneInto copies st into dst, reusing dst's storage.
func (st *Stack) CloneInto(dst *Stack) {
	dst.Frames = append(dst.Frames[:0], st.Frames...)
	dst.running = st.running
}

// Answer stores the answer to the prompt opened by the top frame.
func (st *Stack) Answer(choice int) {
	if f := st.Top(); f != nil {
		f.Answer = int32(choice)
	}
}

// Resolve runs frames from the top of the stack with the handlers in table
// (indexed by Op) until the stack is empty or a handler returns Wait or Halt,
// and returns that last control. A handler may clear the stack (Clear) when the
// game ends. A frame's handler is called with a pointer
// to a scratch copy of the frame, written back when the handler returns; it must
// not call Resolve on the same stack.
func Resolve[S any](st *Stack, s S, table []Handler[S]) Control {
	for len(st.Frames) > 0 {
		i := len(st.Frames) - 1
		st.running = st.Frames[i] // run on a copy: pushes may move the slice
		f := &st.running
		c := table[f.Op](s, f)
		if len(st.Frames) <= i {
			// The handler cleared the stack under itself (a game that ends
			// at once): nothing is left to write back.
			if c == Wait || c == Halt {
				return c
			}
			continue
		}
		switch c {
		case Done:
			if n := len(st.Frames); n > i+1 { // it pushed frames: they move down
				copy(st.Frames[i:], st.Frames[i+1:])
				st.Frames = st.Frames[:n-1]
			} else {
				st.Frames = st.Frames[:i]
			}
		case Again:
			f.Answer = NoAnswer
			st.Frames[i] = *f
		case Wait:
			if len(st.Frames) != i+1 {
				// The answer would reach the pushed frame, not the one that
				// asked: a game bug, caught at once.
				panic(fmt.Sprintf("game: handler of op %d pushed %d frame(s) and then waited", f.Op, len(st.Frames)-i-1))
			}
			st.Frames[i] = *f
			return c
		case Halt:
			st.Frames[i] = *f
			return c
		}
	}
	return Done
}
