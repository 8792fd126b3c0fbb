package train

import (
	"math"
	"slices"
	"testing"
)

// TestAdamPartsGiveTheSameWeights: an Adam step shared by any number of
// goroutines leaves every weight and moment bit for bit as one goroutine does.
func TestAdamPartsGiveTheSameWeights(t *testing.T) {
	run := func(parts int) ([]*Param, *Adam) {
		params := []*Param{newParam("w", 37, 5), newParam("b", 3), newParam("v", 1)}
		grads := zerosLike(params)
		for k, p := range params {
			for i := range p.Data {
				p.Data[i] = float32(math.Sin(float64(7*k + i)))
				grads[k][i] = float32(math.Cos(float64(3*k+i))) * 4
			}
		}
		a := NewAdam(params)
		a.parts = parts
		for range 5 {
			a.ClipAndUpdate(params, grads, 0.5, 1e-2)
		}
		return params, a
	}
	want, wantA := run(1)
	for _, parts := range []int{2, 3, 8} {
		got, gotA := run(parts)
		for k := range want {
			if !slices.Equal(got[k].Data, want[k].Data) || !slices.Equal(gotA.M[k], wantA.M[k]) || !slices.Equal(gotA.V[k], wantA.V[k]) {
				t.Fatalf("%d parts: parameter %s differs from one part's", parts, want[k].Name)
			}
		}
	}
}

// TestShareCoversTheRange: the parts' ranges are contiguous, in order, and
// cover [0, n) exactly, including n smaller than parts.
func TestShareCoversTheRange(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 128} {
		for parts := 1; parts <= 9; parts++ {
			next := 0
			for p := range parts {
				lo, hi := share(n, p, parts)
				if lo != next || hi < lo {
					t.Fatalf("n %d, %d parts: part %d is [%d, %d), want it to start at %d", n, parts, p, lo, hi, next)
				}
				next = hi
			}
			if next != n {
				t.Fatalf("n %d, %d parts: the parts end at %d", n, parts, next)
			}
		}
	}
}
