package serve

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"unsafe"

	"github.com/mythos-rl/mythos/encode"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// dtypeOf maps an observation field's dtype to the wire dtype.
func dtypeOf(d encode.DType) pb.DType {
	switch d {
	case encode.Float32:
		return pb.DType_DTYPE_FLOAT32
	case encode.Int32:
		return pb.DType_DTYPE_INT32
	case encode.Uint8:
		return pb.DType_DTYPE_UINT8
	}
	return pb.DType_DTYPE_UNSPECIFIED
}

// shape prepends the batch size n to a field's shape.
func shape(n int, dims ...int) []int64 {
	s := make([]int64, 0, len(dims)+1)
	s = append(s, int64(n))
	for _, d := range dims {
		s = append(s, int64(d))
	}
	return s
}

// littleEndian reports whether this machine stores numbers little-endian, so
// that tensors can be copied as memory instead of element by element.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// rowsTensor packs rows of width w taken at offset off of each stride-long
// row of src (n rows) as a float32 or int32 tensor.
func rowsTensor[T float32 | int32](name string, src []T, n, stride, off, w int, dims []int64) *pb.Tensor {
	dtype := pb.DType_DTYPE_INT32
	if _, ok := any(src).([]float32); ok {
		dtype = pb.DType_DTYPE_FLOAT32
	}
	u := u32s(src)
	b := make([]byte, 0, n*w*4)
	for i := 0; i < n; i++ {
		b = appendLE32(b, u[i*stride+off:i*stride+off+w])
	}
	return &pb.Tensor{Name: name, Dtype: dtype, Shape: dims, Data: b}
}

// u8RowsTensor packs rows of width w taken at offset off of each
// stride-long row of src (n rows) as a uint8 tensor.
func u8RowsTensor(name string, src []uint8, n, stride, off, w int, dims []int64) *pb.Tensor {
	b := make([]byte, 0, n*w)
	for i := 0; i < n; i++ {
		b = append(b, src[i*stride+off:i*stride+off+w]...)
	}
	return &pb.Tensor{Name: name, Dtype: pb.DType_DTYPE_UINT8, Shape: dims, Data: b}
}

// i8Tensor packs an int8 slice.
func i8Tensor(src []int8, dims []int64) *pb.Tensor {
	b := make([]byte, len(src))
	for i, v := range src {
		b[i] = byte(v)
	}
	return &pb.Tensor{Dtype: pb.DType_DTYPE_INT8, Shape: dims, Data: b}
}

// boolTensor packs a bool slice, one byte each.
func boolTensor(src []bool) *pb.Tensor {
	b := make([]byte, len(src))
	for i, v := range src {
		if v {
			b[i] = 1
		}
	}
	return &pb.Tensor{Dtype: pb.DType_DTYPE_BOOL, Shape: []int64{int64(len(src))}, Data: b}
}

// u64Tensor packs a uint64 slice.
func u64Tensor(src []uint64) *pb.Tensor {
	b := make([]byte, 0, len(src)*8)
	for _, v := range src {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return &pb.Tensor{Dtype: pb.DType_DTYPE_UINT64, Shape: []int64{int64(len(src))}, Data: b}
}

// fieldTensors packs the observation rows of n envs, one tensor per field of
// layout; f32, i32 and u8 hold n packed observations. Sparse tensors carry
// only the non-zero elements; uint8 fields are always dense (compact
// already).
func fieldTensors(l *encode.Layout, f32 []float32, i32 []int32, u8 []uint8, n int, sparse bool) []*pb.Tensor {
	return fieldTensorsOn(l, f32, i32, u8, n, sparse, 1, make([]int, len(l.Fields)))
}

// fieldTensorsOn is fieldTensors spread over workers goroutines (by field);
// hints holds, per field, the number of non-zero elements expected (updated).
func fieldTensorsOn(l *encode.Layout, f32 []float32, i32 []int32, u8 []uint8, n int, sparse bool, workers int, hints []int) []*pb.Tensor {
	out := make([]*pb.Tensor, len(l.Fields))
	if workers <= 1 || len(l.Fields) < 2 {
		packFields(out, l, f32, i32, u8, n, sparse, 0, 1, hints)
		return out
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			packFields(out, l, f32, i32, u8, n, sparse, w, workers, hints)
		}(w)
	}
	wg.Wait()
	return out
}

// packFields packs fields first, first+stride, … into out.
func packFields(out []*pb.Tensor, l *encode.Layout, f32 []float32, i32 []int32, u8 []uint8, n int, sparse bool, first, stride int, hints []int) {
	for k := first; k < len(l.Fields); k += stride {
		f := &l.Fields[k]
		dims := shape(n, f.Shape...)
		if f.DType == encode.Uint8 {
			out[k] = u8RowsTensor(f.Name, u8, n, l.U8, f.Offset, f.Size(), dims)
			continue
		}
		if sparse {
			out[k], hints[k] = sparseTensor(f, f32, i32, n, l, hints[k])
			continue
		}
		if f.DType == encode.Float32 {
			out[k] = rowsTensor(f.Name, f32, n, l.F32, f.Offset, f.Size(), dims)
		} else {
			out[k] = rowsTensor(f.Name, i32, n, l.I32, f.Offset, f.Size(), dims)
		}
	}
}

// decodeActions reads a tensor of n action ids (int32 or int64, shape [n])
// into dst. Ids that do not fit an int32 become -1 (out of range for every
// action space), so they are refused as illegal with the usual message.
func decodeActions(t *pb.Tensor, n int, dst []int32) error {
	if t == nil {
		return fmt.Errorf("actions: missing (want an int32 or int64 tensor of shape [%d])", n)
	}
	if len(t.Shape) != 1 {
		return fmt.Errorf("actions: shape %v has %d dimensions, want [%d]", t.Shape, len(t.Shape), n)
	}
	if t.Shape[0] != int64(n) {
		return fmt.Errorf("actions: got %d actions for a session of %d envs (one action per env)", t.Shape[0], n)
	}
	var size int
	switch t.Dtype {
	case pb.DType_DTYPE_INT32:
		size = 4
	case pb.DType_DTYPE_INT64:
		size = 8
	default:
		return fmt.Errorf("actions: dtype %s, want DTYPE_INT32 or DTYPE_INT64", t.Dtype)
	}
	if len(t.Data) != n*size {
		return fmt.Errorf("actions: %d data bytes for shape [%d] of %s, want %d", len(t.Data), n, t.Dtype, n*size)
	}
	for i := 0; i < n; i++ {
		if size == 4 {
			dst[i] = int32(binary.LittleEndian.Uint32(t.Data[i*4:]))
			continue
		}
		v := int64(binary.LittleEndian.Uint64(t.Data[i*8:]))
		if v < math.MinInt32 || v > math.MaxInt32 {
			return &wideActionError{env: i, action: v}
		}
		dst[i] = int32(v)
	}
	return nil
}

// wideActionError is an int64 action that no action id can be (beyond
// int32): the session's step quotes the value sent.
type wideActionError struct {
	env    int
	action int64
}

func (e *wideActionError) Error() string {
	return fmt.Sprintf("env %d: action %d is out of range", e.env, e.action)
}

// sparseTensor packs field f of n observations as a sparse tensor: the flat
// positions of the non-zero elements and their values (compared as bits, so a
// negative zero is kept). hint is the expected number of non-zero elements
// (the last reply's); the count is returned for the next call.
func sparseTensor(f *encode.Field, f32 []float32, i32 []int32, n int, l *encode.Layout, hint int) (*pb.Tensor, int) {
	w := f.Size()
	src, stride := u32s(i32), l.I32
	if f.DType == encode.Float32 {
		src, stride = u32s(f32), l.F32
	}
	hint += hint/4 + 16
	idx, data := make([]uint32, 0, hint), make([]uint32, 0, hint)
	for i := 0; i < n; i++ {
		row := src[i*stride+f.Offset : i*stride+f.Offset+w]
		base := uint32(i * w)
		j := 0
		for ; j+1 < len(row); j += 2 {
			a, b := row[j], row[j+1]
			if a|b == 0 { // most elements are zero: skip them in pairs
				continue
			}
			if a != 0 {
				idx, data = append(idx, base+uint32(j)), append(data, a)
			}
			if b != 0 {
				idx, data = append(idx, base+uint32(j+1)), append(data, b)
			}
		}
		if j < len(row) && row[j] != 0 {
			idx, data = append(idx, base+uint32(j)), append(data, row[j])
		}
	}
	t := &pb.Tensor{Name: f.Name, Dtype: dtypeOf(f.DType), Shape: shape(n, f.Shape...), Data: leBytes(data), Sparse: true, Indices: leBytes(idx)}
	return t, len(idx)
}

// leBytes returns u32 as little-endian bytes, sharing its memory where the
// machine is little-endian.
func leBytes(u32 []uint32) []byte {
	if len(u32) == 0 {
		return nil
	}
	if littleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(u32))), 4*len(u32))
	}
	return appendLE32(make([]byte, 0, 4*len(u32)), u32)
}
