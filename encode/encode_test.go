package encode_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestLayoutOffsetsPackEachDType(t *testing.T) {
	var l encode.Layout
	l.Add("a", encode.Float32, "three floats", 3)
	l.Add("ids", encode.Int32, "a 2x2 grid of ids", 2, 2)
	l.Add("b", encode.Float32, "two floats", 2)
	if l.F32 != 5 || l.I32 != 4 {
		t.Fatalf("sizes F32=%d I32=%d", l.F32, l.I32)
	}
	b, _ := l.Field("b")
	ids, _ := l.Field("ids")
	if b.Offset != 3 || ids.Offset != 0 || ids.Size() != 4 {
		t.Fatalf("b at %d, ids at %d size %d", b.Offset, ids.Offset, ids.Size())
	}
	o := l.NewObs()
	o.Float(b)[1] = 7
	if o.F32[4] != 7 {
		t.Fatal("Float view does not alias the buffer")
	}
	if _, ok := l.Field("nope"); ok {
		t.Fatal("found a field that does not exist")
	}
	md := l.Markdown()
	if !strings.Contains(md, "| `ids` | int32 | [2 2] | a 2x2 grid of ids |") {
		t.Fatalf("markdown:\n%s", md)
	}
}

func TestPromptEncoderMasksAndMapsByCode(t *testing.T) {
	info := fixture.NewInfo(2)
	s := fixture.New(info, 1, false)
	e := encode.NewPromptEncoder(info)
	mask := make([]int8, e.Actions())
	e.Mask(s, mask)
	for i, opt := range s.Prompt().Options {
		if mask[opt.Code] != 1 {
			t.Fatalf("option %d (code %d) is masked out", i, opt.Code)
		}
		if c, ok := e.Choice(s, int(opt.Code)); !ok || c != i {
			t.Fatalf("action %d maps to option %d, %v; want %d", opt.Code, c, ok, i)
		}
	}
	n := 0
	for _, m := range mask {
		n += int(m)
	}
	if n != len(s.Prompt().Options) {
		t.Fatalf("%d legal ids for %d options", n, len(s.Prompt().Options))
	}
	if _, ok := e.Choice(s, -1); ok {
		t.Fatal("action -1 accepted")
	}
	if _, ok := e.Choice(s, e.Actions()); ok {
		t.Fatal("an out-of-range action accepted")
	}
	o := e.Layout().NewObs()
	e.Encode(s, 0, o)
	kind, _ := e.Layout().Field("prompt_kind")
	if o.Float(kind)[fixture.KindTurn] != 1 || o.I32[0] != int32(s.Prompt().Actor) {
		t.Fatalf("prompt fields: %v actor %d", o.Float(kind), o.I32[0])
	}
	if e.ActionName(int(fixture.Draw)) != "draw" || e.ActionName(99) != "" {
		t.Fatal("action names")
	}
	_ = game.NoAgent
}
