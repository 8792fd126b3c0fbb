package serve

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// make_vec(4096) (packed results, sparse or dense, no final observations:
// the Python defaults) fits the default message limit for every env id.
func TestVectorsOf4096FitTheMessageLimit(t *testing.T) {
	for _, id := range env.IDs() {
		e, err := env.Make(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, sparse := range []bool{true, false} {
			if b := resultBytes(e.Spec(), 4096, false, sparse, true); b > DefaultMaxMessageBytes {
				t.Errorf("%s: a reply of 4096 envs may take %d bytes, over the limit of %d", id, b, DefaultMaxMessageBytes)
			}
		}
	}
}

// Machina's uint8 rows go out whole in a packed reply, sparse or not, final
// observations included, within the bound Open checks; the tensors of the
// tensor encoding are uint8.
func TestUint8RowsInPackedAndTensorReplies(t *testing.T) {
	const id, n = "MachinaArcana/TheFrozenEngine-v0", 3
	for _, sparse := range []bool{true, false} {
		ss, err := newSession("s", id, nil, n, 1, true, true, sparse, true, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := ss.reset(nil, nil); err != nil {
			t.Fatal(err)
		}
		l := ss.spec.Layout
		if l.U8 == 0 || len(ss.u8buf) != 2*n*l.U8 {
			t.Fatalf("%d uint8 elements, a buffer of %d", l.U8, len(ss.u8buf))
		}
		if sparse {
			ss.scanAll()
		}
		wire := ss.packedWire(nil)
		if max := resultBytes(ss.spec, n, true, sparse, true); len(wire) > max {
			t.Fatalf("reply of %d bytes, over the bound of %d", len(wire), max)
		}
		var m pb.StepResult
		if err := proto.Unmarshal(wire, &m); err != nil {
			t.Fatal(err)
		}
		if string(m.Packed.U8) != string(ss.u8buf) {
			t.Fatalf("sparse %v: the packed u8 blob is not the rows", sparse)
		}
		r := ss.result()
		for k, f := range l.Fields {
			tt := r.Observation[k]
			if tt.Name != f.Name || (tt.Dtype == pb.DType_DTYPE_UINT8) != (f.DType.String() == "uint8") {
				t.Fatalf("field %s: tensor %s of %s", f.Name, tt.Name, tt.Dtype)
			}
			if tt.Dtype == pb.DType_DTYPE_UINT8 && (tt.Sparse || len(tt.Data) != n*f.Size()) {
				t.Fatalf("field %s: sparse %v, %d bytes for %d elements", f.Name, tt.Sparse, len(tt.Data), n*f.Size())
			}
		}
	}
}
