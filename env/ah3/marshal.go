package ah3

import (
	"bytes"
	"encoding/binary"

	"github.com/mythos-rl/mythos/env/game"
)

// MarshalBinary writes the whole state canonically: the plain data in fixed
// little-endian layout, then the RNG, the effect stack, the prompt and the
// log (game.State).
func (s *State) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	if err := binary.Write(&buf, binary.LittleEndian, &s.Data); err != nil {
		return nil, err
	}
	w := game.Writer{B: buf.Bytes()}
	w.RNG(&s.rng)
	w.Stack(&s.stack)
	w.Prompt(&s.prompt)
	w.Log(&s.log)
	return w.B, nil
}
