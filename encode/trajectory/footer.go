package trajectory

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	flatbuffers "github.com/google/flatbuffers/go"
)

// checkFooter guards arrow's ipc.FileReader against one kind of damage it
// cannot survive. When arrow decodes the schema in a file's footer it sizes
// slices by vector lengths read from the footer's flatbuffer (the fields, a
// field's children, the custom metadata); a single damaged length byte can
// make it ask the Go runtime for tens of gigabytes, which is a fatal,
// unrecoverable error rather than a panic. checkFooter reads the footer and
// checks that every vector arrow will size a slice by lies inside it. It does
// not decode anything: arrow still does that, and the Reader recovers from
// any panic it raises. Run it under catch: the flatbuffers runtime panics on
// offsets that point outside the buffer.
func checkFooter(src io.ReaderAt, size int64) error {
	const magic = "ARROW1"
	tail := int64(len(magic) + 4)
	if size < 2*int64(len(magic))+4 {
		return fmt.Errorf("%d bytes is too short for an Arrow file", size)
	}
	end := make([]byte, tail)
	if _, err := src.ReadAt(end, size-tail); err != nil {
		return err
	}
	if string(end[4:]) != magic {
		return errors.New("not an Arrow IPC file (no ARROW1 magic at its end)")
	}
	n := int64(binary.LittleEndian.Uint32(end))
	if n <= 0 || n > size-tail-8 {
		return fmt.Errorf("footer length %d does not fit in %d bytes", n, size)
	}
	buf := make([]byte, n)
	if _, err := src.ReadAt(buf, size-tail-n); err != nil {
		return err
	}
	// Vtable slots of the tables arrow reads (Arrow's File.fbs, Schema.fbs).
	const (
		footerSchema, footerDictionaries, footerRecordBatches = 6, 8, 10
		schemaFields, schemaCustomMetadata, schemaFeatures    = 6, 8, 10
		fieldChildren, fieldCustomMetadata                    = 14, 16
		blockSize, offsetSize                                 = 24, 4
	)
	footer := flatbuffers.Table{Bytes: buf, Pos: flatbuffers.GetUOffsetT(buf)}
	for _, v := range []struct {
		slot flatbuffers.VOffsetT
		elem int
	}{{footerDictionaries, blockSize}, {footerRecordBatches, blockSize}} {
		if _, _, err := vector(&footer, v.slot, v.elem); err != nil {
			return fmt.Errorf("footer: %w", err)
		}
	}
	o := footer.Offset(footerSchema)
	if o == 0 {
		return errors.New("footer without a schema")
	}
	schema := flatbuffers.Table{Bytes: buf, Pos: footer.Indirect(flatbuffers.UOffsetT(o) + footer.Pos)}
	if _, _, err := vector(&schema, schemaCustomMetadata, offsetSize); err != nil {
		return fmt.Errorf("schema metadata: %w", err)
	}
	if _, _, err := vector(&schema, schemaFeatures, 8); err != nil {
		return fmt.Errorf("schema features: %w", err)
	}
	var fields func(t *flatbuffers.Table, slot flatbuffers.VOffsetT, depth int) error
	fields = func(t *flatbuffers.Table, slot flatbuffers.VOffsetT, depth int) error {
		if depth > 4 { // trajectories nest one level: fixed-size lists
			return errors.New("fields nested too deep")
		}
		start, n, err := vector(t, slot, offsetSize)
		if err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			f := flatbuffers.Table{Bytes: buf, Pos: t.Indirect(start + flatbuffers.UOffsetT(offsetSize*i))}
			if _, _, err := vector(&f, fieldCustomMetadata, offsetSize); err != nil {
				return fmt.Errorf("field %d metadata: %w", i, err)
			}
			if err := fields(&f, fieldChildren, depth+1); err != nil {
				return fmt.Errorf("field %d: %w", i, err)
			}
		}
		return nil
	}
	if err := fields(&schema, schemaFields, 0); err != nil {
		return fmt.Errorf("schema: %w", err)
	}
	return nil
}

// vector returns where the vector in t's slot starts and its length, after
// checking that its elements of elem bytes lie inside the buffer. An absent
// vector is empty.
func vector(t *flatbuffers.Table, slot flatbuffers.VOffsetT, elem int) (flatbuffers.UOffsetT, int, error) {
	o := flatbuffers.UOffsetT(t.Offset(slot))
	if o == 0 {
		return 0, 0, nil
	}
	if int(o+t.Pos)+4 > len(t.Bytes) {
		return 0, 0, errors.New("vector offset outside the footer")
	}
	start := t.Vector(o)
	if int(start) < 4 || int(start) > len(t.Bytes) {
		return 0, 0, errors.New("vector outside the footer")
	}
	n := t.VectorLen(o)
	if n < 0 || int64(start)+int64(n)*int64(elem) > int64(len(t.Bytes)) {
		return 0, 0, fmt.Errorf("vector of %d elements overruns the footer", n)
	}
	return start, n, nil
}
