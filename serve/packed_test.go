package serve

import (
	"bytes"
	"context"
	"encoding/binary"
	"net"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"

	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// unpacked rebuilds the tensors of a packed result from the layout that
// mythos.proto documents (field offsets from the spec message), to compare
// with a tensors session's dense result.
type unpacked struct {
	obs, final                        map[string][]byte
	mask, agent, reward, agentRewards []byte
	terminated, truncated             []byte
	score, length, seed, finalScore   []byte
}

func unpack(t *testing.T, spec *pb.EnvSpec, n int, final bool, p *pb.Packed) unpacked {
	t.Helper()
	if int(p.NumEnvs) != n {
		t.Fatalf("packed num_envs %d, want %d", p.NumEnvs, n)
	}
	var F, I int
	for _, f := range spec.Fields {
		size := 1
		for _, d := range f.Shape {
			size *= int(d)
		}
		if f.Dtype == pb.DType_DTYPE_FLOAT32 {
			F = max(F, int(f.Offset)+size)
		} else {
			I = max(I, int(f.Offset)+size)
		}
	}
	rows := n
	if final {
		rows = 2 * n
	}
	f32, i32 := p.F32, p.I32
	if p.Sparse {
		// Scatter the non-zero elements into dense observation sections.
		scatter := func(vals, idx []byte, size int) []byte {
			out := make([]byte, 4*size)
			if len(vals) != 2*len(idx) {
				t.Fatalf("sparse: %d value bytes, %d index bytes", len(vals), len(idx))
			}
			i := 0
			for k := 0; k < len(idx)/2; k++ {
				gap := int(binary.LittleEndian.Uint16(idx[2*k:]))
				if gap == 0 && k > 0 {
					t.Fatalf("sparse entry %d: gap 0 (positions must increase)", k)
				}
				if i += gap; i >= size {
					t.Fatalf("sparse entry %d at %d: out of the %d elements", k, i, size)
				}
				copy(out[4*i:], vals[4*k:4*k+4])
			}
			return out
		}
		f32 = append(scatter(p.SparseF32, p.SparseF32Index, rows*F), f32...)
		i32 = append(scatter(p.SparseI32, p.SparseI32Index, rows*I), i32...)
	}
	a, A := len(spec.Agents), int(spec.NumActions)
	if want := 4 * (rows*F + n*(3+a)); len(f32) != want {
		t.Fatalf("f32 blob of %d bytes, want %d", len(f32), want)
	}
	if want := 4 * (rows*I + 2*n); len(i32) != want {
		t.Fatalf("i32 blob of %d bytes, want %d", len(i32), want)
	}
	if len(p.I8) != n*(A+2) || len(p.U64) != 8*n {
		t.Fatalf("i8 blob of %d bytes, u64 of %d: want %d and %d", len(p.I8), len(p.U64), n*(A+2), 8*n)
	}
	u := unpacked{obs: map[string][]byte{}, final: map[string][]byte{}}
	for _, f := range spec.Fields {
		size := 1
		for _, d := range f.Shape {
			size *= int(d)
		}
		blob, width := f32, F
		if f.Dtype == pb.DType_DTYPE_INT32 {
			blob, width = i32, I
		}
		field := func(row0 int) []byte {
			var out []byte
			for i := 0; i < n; i++ {
				at := 4 * ((row0+i)*width + int(f.Offset))
				out = append(out, blob[at:at+4*size]...)
			}
			return out
		}
		u.obs[f.Name] = field(0)
		if final {
			u.final[f.Name] = field(n)
		}
	}
	fs, is := f32[4*rows*F:], i32[4*rows*I:]
	u.reward, u.agentRewards = fs[:4*n], fs[4*n:4*(n+n*a)]
	u.score, u.finalScore = fs[4*(n+n*a):4*(2*n+n*a)], fs[4*(2*n+n*a):]
	u.agent, u.length = is[:4*n], is[4*n:]
	u.mask, u.terminated, u.truncated = p.I8[:n*A], p.I8[n*A:n*A+n], p.I8[n*A+n:]
	u.seed = p.U64
	return u
}

// same fails the test unless a packed result holds a tensors result's data.
func same(t *testing.T, step int, want *pb.StepResult, got unpacked) {
	t.Helper()
	for k, tw := range want.Observation {
		if !bytes.Equal(dense(tw), got.obs[tw.Name]) {
			t.Fatalf("step %d: observation field %s differs (%d)", step, tw.Name, k)
		}
	}
	for _, tw := range want.FinalObservation {
		if !bytes.Equal(dense(tw), got.final[tw.Name]) {
			t.Fatalf("step %d: final observation field %s differs", step, tw.Name)
		}
	}
	for name, pair := range map[string][2][]byte{
		"action_mask": {want.ActionMask.Data, got.mask}, "agent": {want.Agent.Data, got.agent},
		"reward": {want.Reward.Data, got.reward}, "agent_rewards": {want.AgentRewards.Data, got.agentRewards},
		"terminated": {want.Terminated.Data, got.terminated}, "truncated": {want.Truncated.Data, got.truncated},
		"episode_score": {want.EpisodeScore.Data, got.score}, "episode_length": {want.EpisodeLength.Data, got.length},
		"seed": {want.Seed.Data, got.seed}, "final_score": {want.FinalScore.Data, got.finalScore},
	} {
		if !bytes.Equal(pair[0], pair[1]) {
			t.Fatalf("step %d: %s differs: tensors %v, packed %v", step, name, pair[0], pair[1])
		}
	}
}

// The packed encoding, dense and sparse, over unary calls and the stream,
// carries exactly what the tensors encoding does: resets (all envs and some),
// steps with auto-reset and final observations, for the fixture and the
// product env.
func TestPackedMatchesTensors(t *testing.T) {
	h := start(t, Config{})
	for _, c := range []struct {
		env           string
		n, steps      int
		final, sparse bool
		stream        bool
	}{
		{env: cipher, n: 6, steps: 80, final: true},
		{env: cipher, n: 6, steps: 80, final: true, sparse: true},
		{env: cipher, n: 5, steps: 40, sparse: true, stream: true},
		{env: cipher, n: 3, steps: 40, stream: true},
		{env: "ArkhamLCG/TheGathering-v0", n: 4, steps: 60, final: true, sparse: true},
		{env: "ArkhamLCG/TheGathering-v0", n: 40, steps: 8, sparse: true}, // stepped by several workers
		{env: "ArkhamLCG/TheGathering-v0", n: 3, steps: 20},
	} {
		a := h.open(&pb.OpenRequest{EnvId: c.env, NumEnvs: int32(c.n), Seed: 4, AutoReset: true, FinalObservations: c.final})
		b := h.open(&pb.OpenRequest{EnvId: c.env, NumEnvs: int32(c.n), Seed: 4, AutoReset: true, FinalObservations: c.final,
			SparseObservations: c.sparse, Encoding: pb.Encoding_ENCODING_PACKED})
		var st pb.EnvService_StreamClient
		if c.stream {
			var err error
			if st, err = h.client.Stream(h.ctx); err != nil {
				t.Fatal(err)
			}
		}
		call := func(req *pb.StreamRequest) *pb.StepResult {
			t.Helper()
			if st != nil {
				if err := st.Send(req); err != nil {
					t.Fatal(err)
				}
				r, err := st.Recv()
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
			var r *pb.StepResult
			var err error
			switch q := req.Request.(type) {
			case *pb.StreamRequest_Reset_:
				r, err = h.client.Reset(h.ctx, q.Reset_)
			case *pb.StreamRequest_Step:
				r, err = h.client.Step(h.ctx, q.Step)
			}
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		seed := uint64(9)
		ra := h.reset(a.SessionId, seed)
		rb := call(&pb.StreamRequest{Request: &pb.StreamRequest_Reset_{Reset_: &pb.ResetRequest{SessionId: b.SessionId, Seed: &seed}}})
		for step := 0; step < c.steps; step++ {
			if rb.Packed == nil || rb.Observation != nil || rb.ActionMask != nil {
				t.Fatalf("%+v step %d: want a packed result only", c, step)
			}
			if rb.Packed.Sparse != c.sparse {
				t.Fatalf("%+v: packed sparse = %v", c, rb.Packed.Sparse)
			}
			same(t, step, ra, unpack(t, b.Spec, c.n, c.final, rb.Packed))
			if step == c.steps/2 { // a reset of some envs keeps the others' rows
				envs := []int32{0, int32(c.n - 1)}
				ra, _ = h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: a.SessionId, Envs: envs})
				rb = call(&pb.StreamRequest{Request: &pb.StreamRequest_Reset_{Reset_: &pb.ResetRequest{SessionId: b.SessionId, Envs: envs}}})
				continue
			}
			acts := lastLegal(ra)
			ra = h.step(a.SessionId, acts)
			rb = call(&pb.StreamRequest{Request: &pb.StreamRequest_Step{Step: &pb.StepRequest{SessionId: b.SessionId, Actions: actionTensor(acts)}}})
		}
		if st != nil {
			if err := st.CloseSend(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Errors of a packed session are those of a tensors one, and an unknown
// encoding is refused.
func TestPackedErrorsAndBadEncoding(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Encoding: pb.Encoding_ENCODING_PACKED, SparseObservations: true})
	_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor([]int32{0, 0})})
	wantCode(t, err, codes.FailedPrecondition, "has not been reset")
	r := h.reset(o.SessionId, 1)
	_, err = h.client.Step(h.ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor([]int32{0})})
	wantCode(t, err, codes.InvalidArgument, "2 envs")
	if r.Packed == nil {
		t.Fatal("reset of a packed session answered no packed result")
	}
	_, err = h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Encoding: 7})
	wantCode(t, err, codes.InvalidArgument, "encoding")
}

// A Server registered on a plain gRPC server (no codec of ours) answers
// packed sessions with ordinary messages of the same content.
func TestPackedThroughPlainRegistration(t *testing.T) {
	h := start(t, Config{})
	srv := New(Config{Logger: h.srv.log})
	defer srv.Shutdown()
	g := grpc.NewServer()
	pb.RegisterEnvServiceServer(g, srv)
	lis := bufconn.Listen(1 << 20)
	go func() { _ = g.Serve(lis) }()
	defer g.Stop()
	conn, err := grpc.NewClient("passthrough:///plain",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()), secretsUnary(), secretsStream())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	plain := pb.NewEnvServiceClient(conn)
	req := &pb.OpenRequest{EnvId: cipher, NumEnvs: 3, Seed: 5, AutoReset: true, SparseObservations: true, Encoding: pb.Encoding_ENCODING_PACKED}
	a, err := plain.Open(h.ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	b := h.open(req)
	seed := uint64(2)
	ra, err := plain.Reset(h.ctx, &pb.ResetRequest{SessionId: a.SessionId, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	rb := h.reset(b.SessionId, 2)
	for step := 0; step < 20; step++ {
		if ra.Packed == nil || !proto.Equal(ra, rb) {
			t.Fatalf("step %d: plain and fast registrations answer differently", step)
		}
		acts := firstLegalPacked(t, b.Spec, 3, rb.Packed)
		if ra, err = plain.Step(h.ctx, &pb.StepRequest{SessionId: a.SessionId, Actions: actionTensor(acts)}); err != nil {
			t.Fatal(err)
		}
		rb = h.step(b.SessionId, acts)
	}
	if _, err := plain.Close(h.ctx, &pb.CloseRequest{SessionId: a.SessionId}); err != nil {
		t.Fatal(err)
	}
}

// firstLegalPacked picks the first legal action of each env of a packed result.
func firstLegalPacked(t *testing.T, spec *pb.EnvSpec, n int, p *pb.Packed) []int32 {
	A := int(spec.NumActions)
	out := make([]int32, n)
	for i := range out {
		out[i] = firstLegalOf(bytesToInt8(p.I8[i*A : (i+1)*A]))
	}
	return out
}

func bytesToInt8(b []byte) []int8 {
	out := make([]int8, len(b))
	for i, v := range b {
		out[i] = int8(v)
	}
	return out
}

// Encoding a packed reply allocates nothing once the session's wire buffers
// come back from gRPC, and the portable (big-endian) path writes the same
// bytes as the memory copies.
func TestPackedReplyReusesBuffersAndIsPortable(t *testing.T) {
	for _, sparse := range []bool{false, true} {
		s, err := newSession("t", "ArkhamLCG/TheGathering-v0", env.Options{}, 8, 1, true, true, sparse, true, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.reset(nil, nil); err != nil {
			t.Fatal(err)
		}
		acts := make([]int32, 8)
		for k := 0; k < 30; k++ {
			for i := range acts {
				acts[i] = firstLegalOf(s.mask[i*s.spec.Actions : (i+1)*s.spec.Actions])
			}
			if err := s.step(actionTensor(acts)); err != nil {
				t.Fatal(err)
			}
		}
		s.newReply().buf.Free()
		if allocs := testing.AllocsPerRun(50, func() { s.newReply().buf.Free() }); allocs > 1 {
			t.Errorf("sparse=%v: %v allocations per reply, want at most 1 (the reply)", sparse, allocs)
		}
		fast := s.packedWire(nil)
		saved := littleEndian
		littleEndian = false
		slow := s.packedWire(nil)
		littleEndian = saved
		if !bytes.Equal(fast, slow) {
			t.Errorf("sparse=%v: memory copies and portable packing differ", sparse)
		}
		var m pb.StepResult
		if err := proto.Unmarshal(fast, &m); err != nil || m.Packed == nil || m.Packed.Sparse != sparse {
			t.Fatalf("sparse=%v: the wire form does not decode as a packed StepResult: %v", sparse, err)
		}
	}
}

// Runs of zeros longer than a uint16 gap are bridged by zero elements, and
// every worker's entries come out in position order.
func TestSparseGapsBridgeLongRuns(t *testing.T) {
	s := &session{sparseW: make([]sparseRows, 2)}
	s.sparseW[0].seg[sparseF32].add(70000, 1)
	s.sparseW[0].seg[sparseF32].add(70001, 2)
	s.sparseW[1].seg[sparseF32].add(200000, 3)
	s.sparseW[1].seg[sparseF32].add(200000+2*maxGap+5, 5) // bridged inside a segment
	s.sparseW[1].seg[sparseFinalF32].add(200000+3*maxGap, 4)
	want := map[int]uint32{70000: 1, 70001: 2, 200000: 3, 200000 + 2*maxGap + 5: 5, 200000 + 3*maxGap: 4}
	count := s.sparseCount(sparseF32)
	if count != 5+1+1+2 { // 70000 and 200000-70001 need one bridge each, 2*maxGap+5 two
		t.Fatalf("count %d, want 9", count)
	}
	b := s.appendSparse(nil, sparseF32, count, wirePackedSparseF32, wirePackedSparseF32I)
	var p pb.Packed
	if err := proto.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	got, pos := map[int]uint32{}, 0
	for k := 0; k < count; k++ {
		pos += int(binary.LittleEndian.Uint16(p.SparseF32Index[2*k:]))
		if v := binary.LittleEndian.Uint32(p.SparseF32[4*k:]); v != 0 {
			got[pos] = v
		}
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}
