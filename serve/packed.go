package serve

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"google.golang.org/grpc/encoding"
	_ "google.golang.org/grpc/encoding/proto" // the proto codec that codec wraps
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/mythos-rl/mythos/encode"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// The packed encoding (pb.Encoding_ENCODING_PACKED) sends a StepResult as a
// few blobs, one per dtype (see pb.Packed). The session keeps every dtype's
// sections in one backing array (newSession lays them out in the wire's
// order), so a dense blob is that array's memory; the reply is written, under
// the session's lock, straight into a wire buffer that gRPC hands back to the
// session once it has been sent (replyPool), so that a steady stream of steps
// allocates nothing. The envs encode their observations straight into their
// rows (session.encodeIntoRows), and the sparse packing of a row visits only
// the blocks its encoder wrote (encode.Touched, addBlocks) instead of
// scanning the whole row.

// sparseSeg is one worker's sparse encoding of one section of one dtype
// (the observation or the final observation rows it stepped): the values
// (as bits) of its non-zero elements in position order and, from the second
// on, each one's gap from the one before, in wire form (runs of more than
// maxGap zeros bridged by zero elements). The first element's position is
// first: the gap across segments is only known once every worker is done.
type sparseSeg struct {
	vals        []uint32
	gaps        []uint16
	first, last uint32
}

// add appends an element at pos (after the last one) of value v.
func (g *sparseSeg) add(pos, v uint32) {
	if len(g.vals) == 0 {
		g.first = pos
	} else {
		gap := pos - g.last
		for gap > maxGap { // bridge: a zero element maxGap further on
			g.gaps, g.vals = append(g.gaps, maxGap), append(g.vals, 0)
			gap -= maxGap
		}
		g.gaps = append(g.gaps, uint16(gap))
	}
	g.vals, g.last = append(g.vals, v), pos
}

// sparseRows holds one worker's segments.
type sparseRows struct {
	seg [4]sparseSeg // sparseF32, sparseI32, sparseFinalF32, sparseFinalI32
	_   [32]byte     // to 256 bytes (4 cache lines): one worker's headers never share a line with the next's
}

// The parts of sparseRows.
const (
	sparseF32 = iota
	sparseI32
	sparseFinalF32
	sparseFinalI32
)

func (r *sparseRows) reset() {
	for k := range r.seg {
		r.seg[k].vals, r.seg[k].gaps = r.seg[k].vals[:0], r.seg[k].gaps[:0]
	}
}

// addNonzero adds the non-zero elements of row (positions from base) to g.
func (g *sparseSeg) addNonzero(row []uint32, base uint32) {
	j := 0
	for ; j+8 <= len(row); j += 8 {
		r := row[j : j+8 : j+8]
		if r[0]|r[1]|r[2]|r[3]|r[4]|r[5]|r[6]|r[7] == 0 { // most elements are zero: skip them eight at a time
			continue
		}
		for k, v := range r {
			if v != 0 {
				g.add(base+uint32(j+k), v)
			}
		}
	}
	for ; j < len(row); j++ {
		if row[j] != 0 {
			g.add(base+uint32(j), row[j])
		}
	}
}

// addBlocks adds the non-zero elements of the blocks of row that words
// marks (an encode.Touched record, whose blocks outside are zero), positions
// from base, in position order. After the row's first non-zero element
// (added by add, which bridges a long gap from the segment's last one) the
// rest are appended block by block: the block's non-zero elements as bits,
// then one append per bit, into room made once. That needs gaps within a
// row to fit a uint16, which rows of at most maxGap elements guarantee.
func (g *sparseSeg) addBlocks(row []uint32, base uint32, words []uint64) {
	const bs = encode.TouchBlock
	w, word := 0, uint64(0)
	if len(words) > 0 {
		word = words[0]
	}
	// next returns the start of the next marked block, or -1.
	next := func() int {
		for word == 0 {
			if w++; w == len(words) {
				return -1
			}
			word = words[w]
		}
		lo := (w<<6 + bits.TrailingZeros64(word)) * bs
		word &= word - 1
		return lo
	}
	// The first non-zero element, the slow way; [lo, hi) is then what is
	// left of its block.
	lo, hi := next(), 0
	for ; lo >= 0; lo = next() {
		j, end := lo, min(lo+bs, len(row))
		for j < end && row[j] == 0 {
			j++
		}
		if j < end {
			g.add(base+uint32(j), row[j])
			lo, hi = j+1, end
			break
		}
	}
	if lo < 0 {
		return
	}
	if len(row) > maxGap { // gaps within the row may not fit: one by one
		for lo >= 0 {
			for j := lo; j < hi; j++ {
				if row[j] != 0 {
					g.add(base+uint32(j), row[j])
				}
			}
			if lo = next(); lo >= 0 {
				hi = min(lo+bs, len(row))
			}
		}
		return
	}
	// Room for every element of the marked blocks left.
	left := bs
	for _, x := range words[w:] {
		left += bs * bits.OnesCount64(x)
	}
	g.vals, g.gaps = slices.Grow(g.vals, left), slices.Grow(g.gaps, left)
	vals, gaps := g.vals[:cap(g.vals)], g.gaps[:cap(g.gaps)]
	nv, ng, last := len(g.vals), len(g.gaps), g.last-base
	for lo >= 0 {
		// The block's non-zero elements as bits (without branches: x|-x
		// has its top bit set exactly when x is not zero), then one append
		// per bit.
		var nz uint
		if hi-lo == bs {
			b := (*[bs]uint32)(row[lo:hi])
			nz = uint((b[0]|-b[0])>>31) | uint((b[1]|-b[1])>>31)<<1 | uint((b[2]|-b[2])>>31)<<2 | uint((b[3]|-b[3])>>31)<<3 |
				uint((b[4]|-b[4])>>31)<<4 | uint((b[5]|-b[5])>>31)<<5 | uint((b[6]|-b[6])>>31)<<6 | uint((b[7]|-b[7])>>31)<<7
		} else {
			for j := lo; j < hi; j++ {
				nz |= uint((row[j]|-row[j])>>31) << uint(j-lo)
			}
		}
		for nz != 0 {
			j := lo + bits.TrailingZeros(nz)
			nz &= nz - 1
			vals[nv], gaps[ng] = row[j], uint16(uint32(j)-last)
			nv, ng, last = nv+1, ng+1, uint32(j)
		}
		if lo = next(); lo >= 0 {
			hi = min(lo+bs, len(row))
		}
	}
	g.vals, g.gaps, g.last = vals[:nv], gaps[:ng], last+base
}

// addBlocks unrolls a block of eight elements.
var (
	_ [encode.TouchBlock - 8]struct{}
	_ [8 - encode.TouchBlock]struct{}
)

// u32s views float32 or int32 memory as uint32 (the same bits).
func u32s[T float32 | int32](s []T) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// scanRow appends env i's non-zero observation elements (and its final
// observation's, when one was written this step) to worker w's buffers.
// Positions of final observations count from the end of the observation
// section, as the wire's index does.
func (s *session) scanRow(w, i int) {
	r := &s.sparseW[w]
	l, n := s.spec.Layout, len(s.envs)
	f32, i32 := u32s(s.f32), u32s(s.i32)
	if t := &s.touched[i]; s.direct[i] && t.Valid && !t.Unmarked() {
		// Only the blocks the encoder wrote can hold non-zeros.
		r.seg[sparseF32].addBlocks(f32[i*l.F32:(i+1)*l.F32], uint32(i*l.F32), t.F32)
		r.seg[sparseI32].addBlocks(i32[i*l.I32:(i+1)*l.I32], uint32(i*l.I32), t.I32)
	} else {
		r.seg[sparseF32].addNonzero(f32[i*l.F32:(i+1)*l.F32], uint32(i*l.F32))
		r.seg[sparseI32].addNonzero(i32[i*l.I32:(i+1)*l.I32], uint32(i*l.I32))
	}
	if s.finalObs && s.finalSet[i] {
		f32, i32 = u32s(s.finalF32), u32s(s.finalI32)
		r.seg[sparseFinalF32].addNonzero(f32[i*l.F32:(i+1)*l.F32], uint32((n+i)*l.F32))
		r.seg[sparseFinalI32].addNonzero(i32[i*l.I32:(i+1)*l.I32], uint32((n+i)*l.I32))
	}
}

// scanAll sparse-encodes every row again (after a reset, which may leave
// some rows as they were), on worker 0's buffers.
func (s *session) scanAll() {
	for w := range s.sparseW {
		s.sparseW[w].reset()
	}
	for i := range s.envs {
		s.scanRow(0, i)
	}
}

// The field numbers of StepResult.packed and of pb.Packed's fields.
const (
	wireStepResultPacked = 13
	wirePackedNumEnvs    = 1
	wirePackedF32        = 2
	wirePackedI32        = 3
	wirePackedI8         = 4
	wirePackedU64        = 5
	wirePackedSparse     = 6
	wirePackedSparseF32  = 7
	wirePackedSparseF32I = 8
	wirePackedSparseI32  = 9
	wirePackedSparseI32I = 10
	wirePackedU8         = 11
)

// maxGap is the largest gap between the positions of a sparse index
// (uint16); longer runs of zeros are bridged by explicit zero elements.
const maxGap = math.MaxUint16

// segments calls f with the segments of one dtype part in position order:
// every worker's observation rows, then every worker's final observation
// rows.
func (s *session) segments(part int, f func(g *sparseSeg)) {
	for _, sec := range [2]int{part, part + 2} {
		for w := range s.sparseW {
			if g := &s.sparseW[w].seg[sec]; len(g.vals) > 0 {
				f(g)
			}
		}
	}
}

// seam returns the gap from the element at prev to the first one of g, and
// the bridging elements it needs.
func seam(prev uint32, g *sparseSeg) (gap uint32, bridges int) {
	gap = g.first - prev
	if gap > maxGap {
		bridges = int((gap - 1) / maxGap)
	}
	return gap - uint32(bridges)*maxGap, bridges
}

// sparseCount is the number of entries of one dtype of a sparse packed
// reply, bridging entries included.
func (s *session) sparseCount(part int) int {
	count, prev := 0, uint32(0)
	s.segments(part, func(g *sparseSeg) {
		_, bridges := seam(prev, g)
		count += bridges + len(g.vals)
		prev = g.last
	})
	return count
}

// appendSparse appends the fields of one dtype of a sparse packed reply:
// values (field fv) and gaps (field fi), count entries (see sparseCount).
// The workers encoded their segments; this joins them, bridging the seams.
func (s *session) appendSparse(b []byte, part, count int, fv, fi protowire.Number) []byte {
	b = protowire.AppendTag(b, fv, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(4*count))
	prev := uint32(0)
	s.segments(part, func(g *sparseSeg) {
		_, bridges := seam(prev, g)
		b = append(b, make([]byte, 4*bridges)...) // bridging elements are zero
		b = appendLE32(b, g.vals)
		prev = g.last
	})
	b = protowire.AppendTag(b, fi, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(2*count))
	prev = 0
	s.segments(part, func(g *sparseSeg) {
		gap, bridges := seam(prev, g)
		for ; bridges > 0; bridges-- {
			b = binary.LittleEndian.AppendUint16(b, maxGap)
		}
		b = binary.LittleEndian.AppendUint16(b, uint16(gap))
		b = appendLE16(b, g.gaps)
		prev = g.last
	})
	return b
}

// packedWire appends the wire form of StepResult{packed: …} of the session's
// rows to b: the blobs of pb.Packed, dense or sparse.
func (s *session) packedWire(b []byte) []byte {
	n, l := len(s.envs), s.spec.Layout
	obsRows := n
	if s.finalObs {
		obsRows = 2 * n
	}
	f32, i32 := u32s(s.f32buf), u32s(s.i32buf)
	i8 := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s.i8buf))), len(s.i8buf))
	var countF32, countI32 int
	sparse := s.sparse
	if sparse {
		countF32, countI32 = s.sparseCount(sparseF32), s.sparseCount(sparseI32)
		// A sparse element takes 6 bytes, a dense one 4: send the rows dense
		// when that is smaller (so a reply never outgrows the dense bound
		// that Open checks against the message limit).
		if 6*(countF32+countI32) > 4*obsRows*(l.F32+l.I32) {
			sparse, countF32, countI32 = false, 0, 0
		} else {
			f32, i32 = f32[obsRows*l.F32:], i32[obsRows*l.I32:]
		}
	}
	// Sizes of the fields of Packed, then the whole.
	var sizes [12]int
	sizes[wirePackedF32], sizes[wirePackedI32] = 4*len(f32), 4*len(i32)
	sizes[wirePackedI8], sizes[wirePackedU64], sizes[wirePackedU8] = len(i8), 8*len(s.seed), len(s.u8buf)
	sizes[wirePackedSparseF32], sizes[wirePackedSparseF32I] = 4*countF32, 2*countF32
	sizes[wirePackedSparseI32], sizes[wirePackedSparseI32I] = 4*countI32, 2*countI32
	size := protowire.SizeTag(wirePackedNumEnvs) + protowire.SizeVarint(uint64(n))
	if sparse {
		size += protowire.SizeTag(wirePackedSparse) + 1
	}
	for k, c := range sizes {
		if c > 0 {
			size += protowire.SizeTag(protowire.Number(k)) + protowire.SizeBytes(c)
		}
	}
	need := protowire.SizeTag(wireStepResultPacked) + protowire.SizeBytes(size)
	if cap(b)-len(b) < need {
		b = append(make([]byte, 0, len(b)+need), b...)
	}
	b = protowire.AppendTag(b, wireStepResultPacked, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(size))
	b = protowire.AppendTag(b, wirePackedNumEnvs, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(n))
	field := func(k int) bool {
		if sizes[k] == 0 {
			return false
		}
		b = protowire.AppendTag(b, protowire.Number(k), protowire.BytesType)
		b = protowire.AppendVarint(b, uint64(sizes[k]))
		return true
	}
	if field(wirePackedF32) {
		b = appendLE32(b, f32)
	}
	if field(wirePackedI32) {
		b = appendLE32(b, i32)
	}
	if field(wirePackedI8) {
		b = append(b, i8...)
	}
	if field(wirePackedU64) {
		b = appendLE64(b, s.seed)
	}
	if field(wirePackedU8) { // uint8 rows are sent whole, sparse or not
		b = append(b, s.u8buf...)
	}
	if !sparse {
		return b
	}
	b = protowire.AppendTag(b, wirePackedSparse, protowire.VarintType)
	b = protowire.AppendVarint(b, 1)
	if countF32 > 0 {
		b = s.appendSparse(b, sparseF32, countF32, wirePackedSparseF32, wirePackedSparseF32I)
	}
	if countI32 > 0 {
		b = s.appendSparse(b, sparseI32, countI32, wirePackedSparseI32, wirePackedSparseI32I)
	}
	return b
}

// appendLE32 appends u as little-endian bytes.
func appendLE32(b []byte, u []uint32) []byte {
	if littleEndian {
		return append(b, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(u))), 4*len(u))...)
	}
	for _, v := range u {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

// appendLE16 appends u as little-endian bytes.
func appendLE16(b []byte, u []uint16) []byte {
	if littleEndian {
		return append(b, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(u))), 2*len(u))...)
	}
	for _, v := range u {
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	return b
}

// appendLE64 appends u as little-endian bytes.
func appendLE64(b []byte, u []uint64) []byte {
	if littleEndian {
		return append(b, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(u))), 8*len(u))...)
	}
	for _, v := range u {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b
}

// reply is a packed session's StepResult in wire form, for the codec.
type reply struct {
	buf mem.Buffer
}

// newReply encodes the session's rows into a buffer of its pool.
func (s *session) newReply() *reply {
	buf := s.pool.Get(s.wireHint)
	*buf = s.packedWire((*buf)[:0])
	s.wireHint = max(s.wireHint, len(*buf)+len(*buf)/8)
	return &reply{buf: mem.NewBuffer(buf, s.pool)}
}

// message decodes a reply as a StepResult, for callers outside the fast path
// (an EnvServiceServer embedded by another gRPC server); it frees r.
func (r *reply) message() (*pb.StepResult, error) {
	defer r.buf.Free()
	m := &pb.StepResult{}
	if err := proto.Unmarshal(r.buf.ReadOnlyData(), m); err != nil {
		return nil, err
	}
	return m, nil
}

// replyPool recycles one session's wire buffers: gRPC returns a buffer
// (Put) once the reply in it has been written to the connection.
type replyPool struct {
	free chan *[]byte
}

func newReplyPool() *replyPool { return &replyPool{free: make(chan *[]byte, 4)} }

// Get returns a free buffer of capacity at least size (its length is
// unspecified: callers append from [:0]).
func (p *replyPool) Get(size int) *[]byte {
	for {
		select {
		case b := <-p.free:
			if cap(*b) >= size {
				return b
			}
			continue // too small: let it go
		default:
			b := make([]byte, 0, size)
			return &b
		}
	}
}

// Put takes back a buffer whose reply has been sent.
func (p *replyPool) Put(b *[]byte) {
	select {
	case p.free <- b:
	default: // enough spares
	}
}

// maxSparsePositions bounds the observation sections that a sparse packed
// index addresses (int32 positions).
const maxSparsePositions = math.MaxInt32

// codec is the server's message codec: gRPC's proto codec, except that a
// *reply goes out as the wire bytes it already holds, in a buffer that
// returns to its session's pool once sent.
type codec struct{ proto encoding.CodecV2 }

func newCodec() codec { return codec{proto: encoding.GetCodecV2("proto")} }

// Name implements encoding.CodecV2.
func (c codec) Name() string { return "proto" }

// Marshal implements encoding.CodecV2.
func (c codec) Marshal(v any) (mem.BufferSlice, error) {
	if r, ok := v.(*reply); ok {
		return mem.BufferSlice{r.buf}, nil
	}
	return c.proto.Marshal(v)
}

// Unmarshal implements encoding.CodecV2.
func (c codec) Unmarshal(data mem.BufferSlice, v any) error { return c.proto.Unmarshal(data, v) }
