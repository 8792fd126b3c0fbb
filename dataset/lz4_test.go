package dataset

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestXXH32KnownValues(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint32
	}{
		{"", 0x02CC5D05},
		{"a", 0x550D7456},
		{"abc", 0x32D153FF},
		{"Nobody inspects the spammish repetition", 0xE2293B2F},
	} {
		if got := xxh32([]byte(tc.in)); got != tc.want {
			t.Errorf("xxh32(%q) = %#x, want %#x", tc.in, got, tc.want)
		}
	}
}

// lz4Inputs are buffers of the kinds trajectories hold: zeros, repeats,
// sparse floats, noise, and sizes around the format's limits.
func lz4Inputs() map[string][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	noise := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		return b
	}
	sparse := make([]byte, 300_000)
	for i := 0; i < len(sparse); i += 4 + rng.IntN(200) {
		sparse[i] = byte(rng.UintN(256))
	}
	in := map[string][]byte{
		"empty":      {},
		"one":        {7},
		"twelve":     []byte("abcabcabcabc"),
		"thirteen":   []byte("abcabcabcabca"),
		"zeros":      make([]byte, 100_000),
		"noise":      noise(70_000),
		"sparse":     sparse,
		"long-lits":  append(noise(1000), make([]byte, 1000)...),
		"over-block": make([]byte, lz4BlockMax+12345),
		"repeat":     bytes.Repeat([]byte("the gathering "), 5000),
	}
	for n := 0; n < 40; n++ {
		in["small-"+string(rune('a'+n))] = bytes.Repeat(noise(1+n%5), n)
	}
	return in
}

func TestLZ4RoundTrip(t *testing.T) {
	var c lz4Compressor
	for name, src := range lz4Inputs() {
		frame := c.appendFrame(nil, src)
		got := make([]byte, len(src))
		if err := decodeFrame(got, frame); err != nil || !bytes.Equal(got, src) {
			t.Fatalf("%s: %d bytes → %d → error %v, equal %v", name, len(src), len(frame), err, bytes.Equal(got, src))
		}
		if name == "zeros" && len(frame) > 1000 {
			t.Errorf("100 kB of zeros compress to %d bytes", len(frame))
		}
	}
}

func TestLZ4DecoderRejectsDamage(t *testing.T) {
	var c lz4Compressor
	src := lz4Inputs()["sparse"][:5000]
	frame := c.appendFrame(nil, src)
	got := make([]byte, len(src))
	for i := range frame {
		b := bytes.Clone(frame)
		b[i] ^= 0x41
		_ = decodeFrame(got, b) // an error or wrong bytes, never a panic
	}
	for _, cut := range []int{0, 3, 7, len(frame) / 2, len(frame) - 1} {
		if decodeFrame(got, frame[:cut]) == nil {
			t.Errorf("frame cut at %d decoded", cut)
		}
	}
	if decodeFrame(make([]byte, len(src)+1), frame) == nil {
		t.Error("decoded into a buffer of the wrong size")
	}
}
