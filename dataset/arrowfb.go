package dataset

import (
	"encoding/binary"
	"errors"
	"fmt"

	flatbuffers "github.com/google/flatbuffers/go"
)

// This file writes and reads the Arrow IPC metadata (the flatbuffers of
// Schema.fbs, Message.fbs and File.fbs, format version V5) for the subset of
// Arrow that trajectories use: signed integers, float32, bool and fixed-size
// lists of them, with no nulls, no dictionaries and no compression.
//
// The Arrow Go module pinned in go.mod (v15) cannot be built from this
// module's go.sum (its compression and hashing dependencies are not listed),
// so the metadata is encoded here with the flatbuffers runtime alone. The
// tables and slot numbers follow the Arrow format files:
// https://github.com/apache/arrow/tree/main/format

// Arrow format constants.
const (
	metadataV5 = 4 // MetadataVersion.V5

	headerSchema      = 1 // MessageHeader.Schema
	headerRecordBatch = 3 // MessageHeader.RecordBatch

	typeInt           = 2  // Type.Int
	typeFloatingPoint = 3  // Type.FloatingPoint
	typeBool          = 6  // Type.Bool
	typeFixedSizeList = 16 // Type.FixedSizeList

	precisionSingle = 1 // Precision.SINGLE
	precisionDouble = 2 // Precision.DOUBLE
)

// Vtable slots of the Arrow tables used here, in field order of the .fbs files.
const (
	// Message
	msgVersion, msgHeaderType, msgHeader, msgBodyLength = 0, 1, 2, 3
	// Schema
	schEndianness, schFields, schMetadata = 0, 1, 2
	// Field
	fldName, fldNullable, fldTypeType, fldType, fldChildren, fldMetadata = 0, 1, 2, 3, 5, 6
	// KeyValue
	kvKey, kvValue = 0, 1
	// RecordBatch
	rbLength, rbNodes, rbBuffers, rbCompression = 0, 1, 2, 3
	// Footer
	ftVersion, ftSchema, ftDictionaries, ftBatches = 0, 1, 2, 3
	// Int, FloatingPoint, FixedSizeList
	intBitWidth, intSigned, fpPrecision, fslSize = 0, 1, 0, 0
)

// kind is the element type of a column (or of a fixed-size list's items).
type kind uint8

const (
	kindInt8 kind = iota + 1
	kindInt32
	kindInt64
	kindFloat32
	kindFloat64
	kindBool
)

// width is the size in bytes of one value (bools are stored one byte per
// value while a batch is built, and packed to bits when it is written).
func (k kind) width() int {
	switch k {
	case kindInt8, kindBool:
		return 1
	case kindInt32, kindFloat32:
		return 4
	case kindInt64, kindFloat64:
		return 8
	}
	panic("dataset: unknown kind")
}

// String names the kind as numpy does.
func (k kind) String() string {
	switch k {
	case kindInt8:
		return "int8"
	case kindInt32:
		return "int32"
	case kindInt64:
		return "int64"
	case kindFloat32:
		return "float32"
	case kindFloat64:
		return "float64"
	case kindBool:
		return "bool"
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// schemaField is one top-level column of a schema.
type schemaField struct {
	name string
	kind kind
	// list is the size of a fixed-size list column; 0 for a scalar column.
	list int
	meta []keyValue
}

// keyValue is one entry of Arrow custom metadata.
type keyValue struct{ Key, Value string }

// block locates one message in the file (File.fbs Block).
type block struct {
	offset     int64
	metaLength int32
	bodyLength int64
}

// fieldNode is the length and null count of one array (Message.fbs FieldNode).
type fieldNode struct{ length, nulls int64 }

// bodyBuffer locates one buffer inside a message body (Schema.fbs Buffer).
type bodyBuffer struct{ offset, length int64 }

func createKeyValues(b *flatbuffers.Builder, kvs []keyValue) flatbuffers.UOffsetT {
	offs := make([]flatbuffers.UOffsetT, len(kvs))
	for i, kv := range kvs {
		k, v := b.CreateString(kv.Key), b.CreateString(kv.Value)
		b.StartObject(2)
		b.PrependUOffsetTSlot(kvKey, k, 0)
		b.PrependUOffsetTSlot(kvValue, v, 0)
		offs[i] = b.EndObject()
	}
	return b.CreateVectorOfTables(offs)
}

// createType writes the type table of k and returns its union type id.
func createType(b *flatbuffers.Builder, k kind) (byte, flatbuffers.UOffsetT) {
	switch k {
	case kindFloat32, kindFloat64:
		b.StartObject(1)
		p := int16(precisionSingle)
		if k == kindFloat64 {
			p = precisionDouble
		}
		b.PrependInt16Slot(fpPrecision, p, 0)
		return typeFloatingPoint, b.EndObject()
	case kindBool:
		b.StartObject(0)
		return typeBool, b.EndObject()
	default:
		b.StartObject(2)
		b.PrependInt32Slot(intBitWidth, int32(8*k.width()), 0)
		b.PrependBoolSlot(intSigned, true, false)
		return typeInt, b.EndObject()
	}
}

// createField writes a non-nullable field of the given type and children.
func createField(b *flatbuffers.Builder, name string, typeID byte, typ flatbuffers.UOffsetT,
	children []flatbuffers.UOffsetT, meta []keyValue) flatbuffers.UOffsetT {
	n := b.CreateString(name)
	ch := b.CreateVectorOfTables(children)
	var md flatbuffers.UOffsetT
	if len(meta) > 0 {
		md = createKeyValues(b, meta)
	}
	b.StartObject(7)
	b.PrependUOffsetTSlot(fldName, n, 0)
	b.PrependByteSlot(fldTypeType, typeID, 0)
	b.PrependUOffsetTSlot(fldType, typ, 0)
	b.PrependUOffsetTSlot(fldChildren, ch, 0)
	if md != 0 {
		b.PrependUOffsetTSlot(fldMetadata, md, 0)
	}
	return b.EndObject()
}

func createSchema(b *flatbuffers.Builder, fields []schemaField, meta []keyValue) flatbuffers.UOffsetT {
	offs := make([]flatbuffers.UOffsetT, len(fields))
	for i, f := range fields {
		id, typ := createType(b, f.kind)
		if f.list == 0 {
			offs[i] = createField(b, f.name, id, typ, nil, f.meta)
			continue
		}
		item := createField(b, "item", id, typ, nil, nil)
		b.StartObject(1)
		b.PrependInt32Slot(fslSize, int32(f.list), 0)
		fsl := b.EndObject()
		offs[i] = createField(b, f.name, typeFixedSizeList, fsl, []flatbuffers.UOffsetT{item}, f.meta)
	}
	fv := b.CreateVectorOfTables(offs)
	md := createKeyValues(b, meta)
	b.StartObject(4)
	b.PrependUOffsetTSlot(schFields, fv, 0)
	b.PrependUOffsetTSlot(schMetadata, md, 0)
	return b.EndObject()
}

// finishMessage wraps a header in a Message and returns the flatbuffer bytes.
func finishMessage(b *flatbuffers.Builder, headerType byte, header flatbuffers.UOffsetT, bodyLength int64) []byte {
	b.StartObject(5)
	b.PrependInt16Slot(msgVersion, metadataV5, 0)
	b.PrependByteSlot(msgHeaderType, headerType, 0)
	b.PrependUOffsetTSlot(msgHeader, header, 0)
	b.PrependInt64Slot(msgBodyLength, bodyLength, 0)
	b.Finish(b.EndObject())
	return b.FinishedBytes()
}

// schemaMessage is the flatbuffer of a Schema message.
func schemaMessage(b *flatbuffers.Builder, fields []schemaField, meta []keyValue) []byte {
	b.Reset()
	return finishMessage(b, headerSchema, createSchema(b, fields, meta), 0)
}

// recordBatchMessage is the flatbuffer of a RecordBatch message.
// With lz4 it declares the buffers LZ4_FRAME compressed, one by one.
func recordBatchMessage(b *flatbuffers.Builder, rows int64, nodes []fieldNode, bufs []bodyBuffer, bodyLength int64, lz4 bool) []byte {
	b.Reset()
	var comp flatbuffers.UOffsetT
	if lz4 {
		b.StartObject(2) // BodyCompression{codec: LZ4_FRAME, method: BUFFER}, both defaults
		comp = b.EndObject()
	}
	b.StartVector(16, len(nodes), 8)
	for i := len(nodes) - 1; i >= 0; i-- {
		b.Prep(8, 16)
		b.PrependInt64(nodes[i].nulls)
		b.PrependInt64(nodes[i].length)
	}
	nv := b.EndVector(len(nodes))
	b.StartVector(16, len(bufs), 8)
	for i := len(bufs) - 1; i >= 0; i-- {
		b.Prep(8, 16)
		b.PrependInt64(bufs[i].length)
		b.PrependInt64(bufs[i].offset)
	}
	bv := b.EndVector(len(bufs))
	b.StartObject(5)
	b.PrependInt64Slot(rbLength, rows, 0)
	b.PrependUOffsetTSlot(rbNodes, nv, 0)
	b.PrependUOffsetTSlot(rbBuffers, bv, 0)
	b.PrependUOffsetTSlot(rbCompression, comp, 0)
	return finishMessage(b, headerRecordBatch, b.EndObject(), bodyLength)
}

func createBlocks(b *flatbuffers.Builder, blocks []block) flatbuffers.UOffsetT {
	b.StartVector(24, len(blocks), 8)
	for i := len(blocks) - 1; i >= 0; i-- {
		b.Prep(8, 24)
		b.PrependInt64(blocks[i].bodyLength)
		b.Pad(4)
		b.PrependInt32(blocks[i].metaLength)
		b.PrependInt64(blocks[i].offset)
	}
	return b.EndVector(len(blocks))
}

// footer is the flatbuffer of the file footer.
func footer(b *flatbuffers.Builder, fields []schemaField, meta []keyValue, batches []block) []byte {
	b.Reset()
	schema := createSchema(b, fields, meta)
	dicts := createBlocks(b, nil)
	recs := createBlocks(b, batches)
	b.StartObject(5)
	b.PrependInt16Slot(ftVersion, metadataV5, 0)
	b.PrependUOffsetTSlot(ftSchema, schema, 0)
	b.PrependUOffsetTSlot(ftDictionaries, dicts, 0)
	b.PrependUOffsetTSlot(ftBatches, recs, 0)
	b.Finish(b.EndObject())
	return b.FinishedBytes()
}

// ---- reading ----

// errCorrupt reports metadata that does not parse.
var errCorrupt = errors.New("corrupt Arrow metadata")

// fbTable is a flatbuffers table with bounds-checked accessors for the few
// shapes the Arrow metadata uses. Every accessor panics with errCorrupt on
// out-of-range offsets; parse functions recover it into an error.
type fbTable struct{ flatbuffers.Table }

func checkRange(buf []byte, pos, n int) {
	if pos < 0 || n < 0 || pos+n > len(buf) || pos+n < pos {
		panic(errCorrupt)
	}
}

// rootTable returns the root table of a finished flatbuffer.
func rootTable(buf []byte) fbTable {
	checkRange(buf, 0, 4)
	pos := int(binary.LittleEndian.Uint32(buf))
	return tableAt(buf, pos)
}

func tableAt(buf []byte, pos int) fbTable {
	checkRange(buf, pos, 4)
	vt := pos - int(int32(binary.LittleEndian.Uint32(buf[pos:])))
	checkRange(buf, vt, 4)
	vlen := int(binary.LittleEndian.Uint16(buf[vt:]))
	checkRange(buf, vt, vlen)
	checkRange(buf, pos, int(binary.LittleEndian.Uint16(buf[vt+2:])))
	return fbTable{flatbuffers.Table{Bytes: buf, Pos: flatbuffers.UOffsetT(pos)}}
}

// field returns the absolute position of slot's value, or -1 if absent.
func (t fbTable) field(slot int) int {
	o := t.Offset(flatbuffers.VOffsetT(4 + 2*slot))
	if o == 0 {
		return -1
	}
	return int(t.Pos) + int(o)
}

func (t fbTable) int64Slot(slot int, def int64) int64 {
	p := t.field(slot)
	if p < 0 {
		return def
	}
	checkRange(t.Bytes, p, 8)
	return int64(binary.LittleEndian.Uint64(t.Bytes[p:]))
}

func (t fbTable) int32Slot(slot int, def int32) int32 {
	p := t.field(slot)
	if p < 0 {
		return def
	}
	checkRange(t.Bytes, p, 4)
	return int32(binary.LittleEndian.Uint32(t.Bytes[p:]))
}

func (t fbTable) int16Slot(slot int, def int16) int16 {
	p := t.field(slot)
	if p < 0 {
		return def
	}
	checkRange(t.Bytes, p, 2)
	return int16(binary.LittleEndian.Uint16(t.Bytes[p:]))
}

func (t fbTable) byteSlot(slot int, def byte) byte {
	p := t.field(slot)
	if p < 0 {
		return def
	}
	checkRange(t.Bytes, p, 1)
	return t.Bytes[p]
}

// ref follows the offset stored in slot; -1 if absent.
func (t fbTable) ref(slot int) int {
	p := t.field(slot)
	if p < 0 {
		return -1
	}
	checkRange(t.Bytes, p, 4)
	return p + int(binary.LittleEndian.Uint32(t.Bytes[p:]))
}

func (t fbTable) table(slot int) (fbTable, bool) {
	p := t.ref(slot)
	if p < 0 {
		return fbTable{}, false
	}
	return tableAt(t.Bytes, p), true
}

func (t fbTable) str(slot int) string {
	p := t.ref(slot)
	if p < 0 {
		return ""
	}
	checkRange(t.Bytes, p, 4)
	n := int(binary.LittleEndian.Uint32(t.Bytes[p:]))
	checkRange(t.Bytes, p+4, n)
	return string(t.Bytes[p+4 : p+4+n])
}

// vector returns the start and length of the vector in slot (0, 0 if absent),
// checking that n elements of elemSize bytes fit.
func (t fbTable) vector(slot, elemSize int) (start, n int) {
	p := t.ref(slot)
	if p < 0 {
		return 0, 0
	}
	checkRange(t.Bytes, p, 4)
	n = int(binary.LittleEndian.Uint32(t.Bytes[p:]))
	checkRange(t.Bytes, p+4, n*elemSize)
	return p + 4, n
}

// tables returns the tables of a vector of tables.
func (t fbTable) tables(slot int) []fbTable {
	start, n := t.vector(slot, 4)
	out := make([]fbTable, n)
	for i := range out {
		p := start + 4*i
		out[i] = tableAt(t.Bytes, p+int(binary.LittleEndian.Uint32(t.Bytes[p:])))
	}
	return out
}

func (t fbTable) keyValues(slot int) []keyValue {
	ts := t.tables(slot)
	out := make([]keyValue, len(ts))
	for i, kv := range ts {
		out[i] = keyValue{kv.str(kvKey), kv.str(kvValue)}
	}
	return out
}

// parse runs f, turning an errCorrupt panic into an error.
func parse(what string, f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if r != errCorrupt {
				panic(r)
			}
			err = fmt.Errorf("%s: %w", what, errCorrupt)
		}
	}()
	f()
	return nil
}

// parseType reads a field's type; list is the size of a fixed-size list.
func parseType(f fbTable) (k kind, list int, err error) {
	typ, ok := f.table(fldType)
	if !ok {
		return 0, 0, errors.New("field without a type")
	}
	switch f.byteSlot(fldTypeType, 0) {
	case typeInt:
		if typ.byteSlot(intSigned, 0) == 0 {
			return 0, 0, errors.New("unsigned integers are not used in trajectories")
		}
		switch typ.int32Slot(intBitWidth, 0) {
		case 8:
			return kindInt8, 0, nil
		case 32:
			return kindInt32, 0, nil
		case 64:
			return kindInt64, 0, nil
		}
		return 0, 0, fmt.Errorf("int of %d bits is not used in trajectories", typ.int32Slot(intBitWidth, 0))
	case typeFloatingPoint:
		switch typ.int16Slot(fpPrecision, 0) {
		case precisionSingle:
			return kindFloat32, 0, nil
		case precisionDouble:
			return kindFloat64, 0, nil
		}
		return 0, 0, errors.New("half floats are not used in trajectories")
	case typeBool:
		return kindBool, 0, nil
	case typeFixedSizeList:
		ch := f.tables(fldChildren)
		if len(ch) != 1 {
			return 0, 0, errors.New("fixed-size list without one child")
		}
		k, inner, err := parseType(ch[0])
		if err != nil {
			return 0, 0, err
		}
		if inner != 0 {
			return 0, 0, errors.New("nested lists are not used in trajectories")
		}
		n := int(typ.int32Slot(fslSize, 0))
		if n <= 0 {
			return 0, 0, fmt.Errorf("fixed-size list of size %d", n)
		}
		return k, n, nil
	}
	return 0, 0, fmt.Errorf("Arrow type %d is not used in trajectories", f.byteSlot(fldTypeType, 0))
}

// parseSchema reads the fields and metadata of a Schema table.
func parseSchema(s fbTable) ([]schemaField, []keyValue, error) {
	if s.int16Slot(schEndianness, 0) != 0 {
		return nil, nil, errors.New("big-endian files are not supported")
	}
	var fields []schemaField
	for _, f := range s.tables(schFields) {
		k, list, err := parseType(f)
		if err != nil {
			return nil, nil, fmt.Errorf("column %q: %w", f.str(fldName), err)
		}
		fields = append(fields, schemaField{name: f.str(fldName), kind: k, list: list, meta: f.keyValues(fldMetadata)})
	}
	return fields, s.keyValues(schMetadata), nil
}
