package dataset

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// This file holds the LZ4 frame format (https://github.com/lz4/lz4/blob/dev/doc/),
// the codec Arrow calls LZ4_FRAME for compressed IPC buffers. The standard
// library has no LZ4 and the module's go.sum lists no LZ4 package, so it is
// written here: a greedy single-pass block compressor (like LZ4's fast mode)
// and a bounds-checked decoder.

const (
	lz4Magic      = 0x184D2204
	lz4BlockMax   = 4 << 20 // the frame's declared maximum block size
	lz4FLG        = 0x60    // version 01, independent blocks, no checksums, no content size
	lz4BD         = 0x70    // block maximum size 4 MiB
	lz4HashLog    = 14
	lz4MinMatch   = 4
	lz4MFLimit    = 12 // a match starts at least this many bytes before the block's end
	lz4LastLits   = 5  // the last bytes of a block are literals
	lz4MaxOffset  = 65535
	lz4RawBlockHi = 0x80000000
)

var errLZ4 = errors.New("corrupt LZ4 frame")

// lz4Compressor compresses with a reusable hash table.
type lz4Compressor struct {
	table [1 << lz4HashLog]int32
	block []byte
}

// appendFrame appends src as one LZ4 frame to dst.
func (c *lz4Compressor) appendFrame(dst, src []byte) []byte {
	dst = binary.LittleEndian.AppendUint32(dst, lz4Magic)
	dst = append(dst, lz4FLG, lz4BD, byte(xxh32([]byte{lz4FLG, lz4BD})>>8))
	for len(src) > 0 {
		n := min(len(src), lz4BlockMax)
		c.block = c.compressBlock(c.block[:0], src[:n])
		if len(c.block) < n {
			dst = binary.LittleEndian.AppendUint32(dst, uint32(len(c.block)))
			dst = append(dst, c.block...)
		} else { // incompressible: store the block as it is
			dst = binary.LittleEndian.AppendUint32(dst, uint32(n)|lz4RawBlockHi)
			dst = append(dst, src[:n]...)
		}
		src = src[n:]
	}
	return binary.LittleEndian.AppendUint32(dst, 0) // end mark
}

// compressBlock appends the LZ4 block encoding of src to dst.
func (c *lz4Compressor) compressBlock(dst, src []byte) []byte {
	n := len(src)
	anchor := 0
	if n > lz4MFLimit {
		clear(c.table[:])
		limit := n - lz4MFLimit
		for i := 0; i < limit; {
			seq := binary.LittleEndian.Uint32(src[i:])
			h := (seq * 2654435761) >> (32 - lz4HashLog)
			ref := int(c.table[h]) - 1
			c.table[h] = int32(i + 1)
			if ref < 0 || i-ref > lz4MaxOffset || binary.LittleEndian.Uint32(src[ref:]) != seq {
				i++
				continue
			}
			end := i + matchLength(src[ref+lz4MinMatch:n-lz4LastLits], src[i+lz4MinMatch:n-lz4LastLits]) + lz4MinMatch
			dst = appendSequence(dst, src[anchor:i], i-ref, end-i)
			i, anchor = end, end
		}
	}
	lits := src[anchor:]
	dst = append(dst, byte(min(len(lits), 15)<<4))
	dst = appendLength(dst, len(lits))
	return append(dst, lits...)
}

// matchLength counts the equal leading bytes of a and b (b is the shorter
// or equal, as it starts later in the same block).
func matchLength(a, b []byte) int {
	n := 0
	for len(b)-n >= 8 {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func appendSequence(dst, lits []byte, offset, match int) []byte {
	ml := match - lz4MinMatch
	dst = append(dst, byte(min(len(lits), 15)<<4|min(ml, 15)))
	dst = appendLength(dst, len(lits))
	dst = append(dst, lits...)
	dst = append(dst, byte(offset), byte(offset>>8))
	return appendLength(dst, ml)
}

// appendLength writes the extra bytes of a length whose token nibble is 15.
func appendLength(dst []byte, n int) []byte {
	if n < 15 {
		return dst
	}
	for n -= 15; n >= 255; n -= 255 {
		dst = append(dst, 255)
	}
	return append(dst, byte(n))
}

// decodeFrame decodes one LZ4 frame from src into dst, which must have
// exactly the decoded size.
func decodeFrame(dst, src []byte) error {
	if len(src) < 7 || binary.LittleEndian.Uint32(src) != lz4Magic {
		return errLZ4
	}
	flg, bd := src[4], src[5]
	if flg>>6 != 1 || bd&0x8f != 0 || bd>>4 < 4 {
		return errLZ4
	}
	hdr := 6
	if flg&0x08 != 0 { // content size
		hdr += 8
	}
	if flg&0x01 != 0 { // dictionary id
		hdr += 4
	}
	if len(src) < hdr+1 || byte(xxh32(src[4:hdr])>>8) != src[hdr] {
		return errLZ4
	}
	src = src[hdr+1:]
	out := 0
	for {
		if len(src) < 4 {
			return errLZ4
		}
		size := binary.LittleEndian.Uint32(src)
		src = src[4:]
		if size == 0 {
			break
		}
		raw := size&lz4RawBlockHi != 0
		size &^= lz4RawBlockHi
		if int64(size) > int64(len(src)) {
			return errLZ4
		}
		block := src[:size]
		src = src[size:]
		if flg&0x10 != 0 { // block checksum
			if len(src) < 4 {
				return errLZ4
			}
			src = src[4:]
		}
		if raw {
			if len(block) > len(dst)-out {
				return errLZ4
			}
			out += copy(dst[out:], block)
			continue
		}
		n, err := decodeBlock(dst[out:], block, dst[:out])
		if err != nil {
			return err
		}
		out += n
	}
	if out != len(dst) {
		return errLZ4
	}
	return nil
}

// decodeBlock decodes an LZ4 block into dst and returns the bytes written.
// prior is the output before dst (dependent blocks may refer to it).
func decodeBlock(dst, src, prior []byte) (int, error) {
	d, s := 0, 0
	readLen := func(n int) (int, bool) {
		if n != 15 {
			return n, true
		}
		for {
			if s >= len(src) {
				return 0, false
			}
			b := src[s]
			s++
			n += int(b)
			if n > len(dst)+len(src) { // longer than anything that can fit
				return 0, false
			}
			if b != 255 {
				return n, true
			}
		}
	}
	for s < len(src) {
		tok := src[s]
		s++
		lits, ok := readLen(int(tok >> 4))
		if !ok || lits > len(src)-s || lits > len(dst)-d {
			return 0, errLZ4
		}
		d += copy(dst[d:], src[s:s+lits])
		s += lits
		if s == len(src) {
			break // the last sequence has no match
		}
		if len(src)-s < 2 {
			return 0, errLZ4
		}
		off := int(src[s]) | int(src[s+1])<<8
		s += 2
		ml, ok := readLen(int(tok & 15))
		if !ok {
			return 0, errLZ4
		}
		ml += lz4MinMatch
		if off == 0 || off > d+len(prior) || ml > len(dst)-d {
			return 0, errLZ4
		}
		if off > d { // the match starts in an earlier block
			from := len(prior) - (off - d)
			k := copy(dst[d:d+ml], prior[from:])
			d += k
			ml -= k // the rest continues from the start of this block's output
			for i := 0; i < ml; i++ {
				dst[d+i] = dst[i]
			}
			d += ml
			continue
		}
		for i := 0; i < ml; i++ { // byte by byte: the match may overlap its own output
			dst[d+i] = dst[d-off+i]
		}
		d += ml
	}
	return d, nil
}

// xxh32 is the 32-bit xxHash of b with seed 0 (for the frame's header
// checksum).
func xxh32(b []byte) uint32 {
	var (
		p1 uint32 = 2654435761
		p2 uint32 = 2246822519
		p3 uint32 = 3266489917
		p4 uint32 = 668265263
		p5 uint32 = 374761393
	)
	n := len(b)
	var h uint32
	if n >= 16 {
		v1, v2, v3, v4 := p1+p2, p2, uint32(0), -p1
		round := func(v, x uint32) uint32 { return bits.RotateLeft32(v+x*p2, 13) * p1 }
		for ; len(b) >= 16; b = b[16:] {
			v1 = round(v1, binary.LittleEndian.Uint32(b))
			v2 = round(v2, binary.LittleEndian.Uint32(b[4:]))
			v3 = round(v3, binary.LittleEndian.Uint32(b[8:]))
			v4 = round(v4, binary.LittleEndian.Uint32(b[12:]))
		}
		h = bits.RotateLeft32(v1, 1) + bits.RotateLeft32(v2, 7) + bits.RotateLeft32(v3, 12) + bits.RotateLeft32(v4, 18)
	} else {
		h = p5
	}
	h += uint32(n)
	for ; len(b) >= 4; b = b[4:] {
		h = bits.RotateLeft32(h+binary.LittleEndian.Uint32(b)*p3, 17) * p4
	}
	for _, c := range b {
		h = bits.RotateLeft32(h+uint32(c)*p5, 11) * p1
	}
	h ^= h >> 15
	h *= p2
	h ^= h >> 13
	h *= p3
	h ^= h >> 16
	return h
}
