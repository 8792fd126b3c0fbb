package serve

import (
	"encoding/binary"
	"fmt"
	"math"
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

// f32Tensor packs rows of width w taken at offset off of each stride-long row
// of src (n rows) as a float32 tensor.
func f32Tensor(name string, src []float32, n, stride, off, w int, dims []int64) *pb.Tensor {
	b := make([]byte, n*w*4)
	if littleEndian && w > 0 {
		mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), len(src)*4)
		for i := 0; i < n; i++ {
			copy(b[i*w*4:(i+1)*w*4], mem[(i*stride+off)*4:(i*stride+off+w)*4])
		}
	} else {
		for i := 0; i < n; i++ {
			for j, v := range src[i*stride+off : i*stride+off+w] {
				binary.LittleEndian.PutUint32(b[(i*w+j)*4:], math.Float32bits(v))
			}
		}
	}
	return &pb.Tensor{Name: name, Dtype: pb.DType_DTYPE_FLOAT32, Shape: dims, Data: b}
}

// i32Tensor is f32Tensor for int32 elements.
func i32Tensor(name string, src []int32, n, stride, off, w int, dims []int64) *pb.Tensor {
	b := make([]byte, n*w*4)
	if littleEndian && w > 0 {
		mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), len(src)*4)
		for i := 0; i < n; i++ {
			copy(b[i*w*4:(i+1)*w*4], mem[(i*stride+off)*4:(i*stride+off+w)*4])
		}
	} else {
		for i := 0; i < n; i++ {
			for j, v := range src[i*stride+off : i*stride+off+w] {
				binary.LittleEndian.PutUint32(b[(i*w+j)*4:], uint32(v))
			}
		}
	}
	return &pb.Tensor{Name: name, Dtype: pb.DType_DTYPE_INT32, Shape: dims, Data: b}
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
// layout; f32 and i32 hold n packed observations. Sparse tensors carry only
// the non-zero elements.
func fieldTensors(l *encode.Layout, f32 []float32, i32 []int32, n int, sparse bool) []*pb.Tensor {
	out := make([]*pb.Tensor, len(l.Fields))
	for k := range l.Fields {
		f := &l.Fields[k]
		dims := shape(n, f.Shape...)
		if sparse {
			out[k] = sparseTensor(f, f32, i32, n, l)
			continue
		}
		if f.DType == encode.Float32 {
			out[k] = f32Tensor(f.Name, f32, n, l.F32, f.Offset, f.Size(), dims)
		} else {
			out[k] = i32Tensor(f.Name, i32, n, l.I32, f.Offset, f.Size(), dims)
		}
	}
	return out
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
			v = -1
		}
		dst[i] = int32(v)
	}
	return nil
}

// sparseTensor packs field f of n observations as a sparse tensor: the flat
// positions of the non-zero elements and their values.
func sparseTensor(f *encode.Field, f32 []float32, i32 []int32, n int, l *encode.Layout) *pb.Tensor {
	w := f.Size()
	var idx, data []byte
	if f.DType == encode.Float32 {
		for i := 0; i < n; i++ {
			for j, v := range f32[i*l.F32+f.Offset : i*l.F32+f.Offset+w] {
				if v != 0 {
					idx = binary.LittleEndian.AppendUint32(idx, uint32(i*w+j))
					data = binary.LittleEndian.AppendUint32(data, math.Float32bits(v))
				}
			}
		}
	} else {
		for i := 0; i < n; i++ {
			for j, v := range i32[i*l.I32+f.Offset : i*l.I32+f.Offset+w] {
				if v != 0 {
					idx = binary.LittleEndian.AppendUint32(idx, uint32(i*w+j))
					data = binary.LittleEndian.AppendUint32(data, uint32(v))
				}
			}
		}
	}
	return &pb.Tensor{Name: f.Name, Dtype: dtypeOf(f.DType), Shape: shape(n, f.Shape...), Data: data, Sparse: true, Indices: idx}
}
