package train

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// Array is one named array of an .npz file: float32, float64 or int32 data
// (exactly one of F32, F64, I32 is set) with its shape.
type Array struct {
	Name  string
	Shape []int
	F32   []float32
	F64   []float64
	I32   []int32
}

func (a *Array) descr() (string, int) {
	switch {
	case a.F64 != nil:
		return "<f8", len(a.F64)
	case a.I32 != nil:
		return "<i4", len(a.I32)
	default:
		return "<f4", len(a.F32)
	}
}

// WriteNPZ writes arrays as an uncompressed .npz (a zip of .npy files, one
// per array, in order) that numpy.load reads.
func WriteNPZ(path string, arrays []Array) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := range arrays {
		a := &arrays[i]
		descr, n := a.descr()
		size := 1
		for _, d := range a.Shape {
			size *= d
		}
		if size != n {
			return fmt.Errorf("npz %s: shape %v holds %d values, data has %d", a.Name, a.Shape, size, n)
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: a.Name + ".npy", Method: zip.Store})
		if err != nil {
			return err
		}
		if _, err := w.Write(npyHeader(descr, a.Shape)); err != nil {
			return err
		}
		var werr error
		switch descr {
		case "<f8":
			werr = binary.Write(w, binary.LittleEndian, a.F64)
		case "<i4":
			werr = binary.Write(w, binary.LittleEndian, a.I32)
		default:
			werr = binary.Write(w, binary.LittleEndian, a.F32)
		}
		if werr != nil {
			return werr
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return writeFileAtomic(path, buf.Bytes())
}

// npyHeader is the .npy v1.0 header for a C-order array.
func npyHeader(descr string, shape []int) []byte {
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = strconv.Itoa(d)
	}
	sh := strings.Join(dims, ", ")
	if len(shape) == 1 {
		sh += ","
	}
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, sh)
	total := 10 + len(dict) + 1
	pad := (64 - total%64) % 64
	dict += strings.Repeat(" ", pad) + "\n"
	h := []byte("\x93NUMPY\x01\x00")
	h = binary.LittleEndian.AppendUint16(h, uint16(len(dict)))
	return append(h, dict...)
}

var (
	descrRe = regexp.MustCompile(`'descr':\s*'([^']+)'`)
	shapeRe = regexp.MustCompile(`'shape':\s*\(([^)]*)\)`)
	fortRe  = regexp.MustCompile(`'fortran_order':\s*(True|False)`)
)

// ReadNPZ reads the arrays of an .npz file (little-endian float32, float64 or
// int32, C order), keyed by name.
func ReadNPZ(path string) (map[string]*Array, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	out := map[string]*Array{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		raw, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		a, err := parseNPY(strings.TrimSuffix(f.Name, ".npy"), raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out[a.Name] = a
	}
	return out, nil
}

func parseNPY(name string, raw []byte) (*Array, error) {
	if len(raw) < 10 || string(raw[:6]) != "\x93NUMPY" {
		return nil, fmt.Errorf("%s: not an .npy array", name)
	}
	var hlen, start int
	switch raw[6] {
	case 1:
		hlen, start = int(binary.LittleEndian.Uint16(raw[8:10])), 10
	case 2, 3:
		if len(raw) < 12 {
			return nil, fmt.Errorf("%s: truncated header", name)
		}
		hlen, start = int(binary.LittleEndian.Uint32(raw[8:12])), 12
	default:
		return nil, fmt.Errorf("%s: npy version %d", name, raw[6])
	}
	if len(raw) < start+hlen {
		return nil, fmt.Errorf("%s: truncated header", name)
	}
	header, body := string(raw[start:start+hlen]), raw[start+hlen:]
	d, s := descrRe.FindStringSubmatch(header), shapeRe.FindStringSubmatch(header)
	if d == nil || s == nil {
		return nil, fmt.Errorf("%s: bad header %q", name, header)
	}
	if f := fortRe.FindStringSubmatch(header); f != nil && f[1] == "True" {
		return nil, fmt.Errorf("%s: Fortran-order arrays are not supported", name)
	}
	a := &Array{Name: name}
	n := 1
	for _, part := range strings.Split(s[1], ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		v, err := strconv.Atoi(part)
		if err != nil {
			return nil, fmt.Errorf("%s: bad shape %q", name, s[1])
		}
		a.Shape = append(a.Shape, v)
		n *= v
	}
	width := map[string]int{"<f4": 4, "<f8": 8, "<i4": 4}[d[1]]
	if width == 0 {
		return nil, fmt.Errorf("%s: dtype %s is not supported (want <f4, <f8 or <i4)", name, d[1])
	}
	if len(body) != n*width {
		return nil, fmt.Errorf("%s: %d bytes of data for shape %v", name, len(body), a.Shape)
	}
	switch d[1] {
	case "<f4":
		a.F32 = make([]float32, n)
		for i := range a.F32 {
			a.F32[i] = math.Float32frombits(binary.LittleEndian.Uint32(body[4*i:]))
		}
	case "<f8":
		a.F64 = make([]float64, n)
		for i := range a.F64 {
			a.F64[i] = math.Float64frombits(binary.LittleEndian.Uint64(body[8*i:]))
		}
	case "<i4":
		a.I32 = make([]int32, n)
		for i := range a.I32 {
			a.I32[i] = int32(binary.LittleEndian.Uint32(body[4*i:]))
		}
	}
	return a, nil
}

// writeFileAtomic writes data to path through a temporary file and a rename,
// so that a reader never sees half a file.
func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
