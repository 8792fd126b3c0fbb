package trajectory

import (
	"fmt"
	"math/bits"
	"sync"
)

// BufferPool is the memory.Allocator a Writer gives arrow: it keeps the
// buffers that arrow frees (the builders' buffers once a record batch is
// written, the encoder's compressed buffers) and hands them out again, so
// after the first batch a Writer reuses its memory instead of asking the Go
// heap for megabytes per batch. Buffers come in power-of-two capacities and
// are zeroed when handed out, as Go's make would, so no stale bytes can reach
// a file. Writers used one after another may share a pool (see
// WriterOptions.Pool); it is safe for concurrent use, but writers used at
// once should each have their own, as the pool never gives memory back
// until it is dropped.
type BufferPool struct {
	mu   sync.Mutex
	free [64][][]byte // by log2 of the capacity
}

// sizeClass is the log2 of the capacity a buffer of n bytes gets: the
// smallest power of two that holds n, at least 64.
func sizeClass(n int) int {
	if n <= 64 {
		return 6
	}
	return bits.Len(uint(n - 1))
}

// Allocate returns a zeroed buffer of n bytes.
func (p *BufferPool) Allocate(n int) []byte {
	c := sizeClass(n)
	p.mu.Lock()
	if k := len(p.free[c]); k > 0 {
		b := p.free[c][k-1]
		p.free[c] = p.free[c][:k-1]
		p.mu.Unlock()
		b = b[:n]
		clear(b)
		return b
	}
	p.mu.Unlock()
	return make([]byte, n, 1<<c)
}

// Reallocate grows or shrinks b to n bytes, keeping its contents; new bytes
// are zero.
func (p *BufferPool) Reallocate(n int, b []byte) []byte {
	if n <= cap(b) {
		old := len(b)
		b = b[:n]
		if n > old {
			clear(b[old:])
		}
		return b
	}
	nb := p.Allocate(n)
	copy(nb, b)
	p.Free(b)
	return nb
}

// Free takes b back for later use.
func (p *BufferPool) Free(b []byte) {
	c := cap(b)
	if c < 64 || c&(c-1) != 0 {
		return // not one of ours: let the GC have it
	}
	k := bits.Len(uint(c)) - 1 // the size class of capacity c
	p.mu.Lock()
	p.free[k] = append(p.free[k], b[:0])
	p.mu.Unlock()
}

// errTooLarge is what cappedAllocator panics with; readers recover it.
type errTooLarge struct{ n, limit int }

func (e errTooLarge) Error() string {
	return fmt.Sprintf("a buffer of %d bytes is larger than any this file can hold (%d)", e.n, e.limit)
}

// cappedAllocator is the memory.Allocator of a Reader: a BufferPool (the
// buffers of one record batch serve the next) with a cap. A damaged length
// field (a message body, a compressed buffer's uncompressed size) could ask
// for terabytes, which the Go runtime answers with a fatal, unrecoverable
// error; this allocator panics with errTooLarge instead, which the Reader
// turns into an error.
type cappedAllocator struct {
	limit int
	pool  BufferPool
}

// Allocate returns n zeroed bytes, or panics with errTooLarge.
func (a *cappedAllocator) Allocate(n int) []byte {
	if n < 0 || n > a.limit {
		panic(errTooLarge{n, a.limit})
	}
	return a.pool.Allocate(n)
}

// Reallocate grows b to n bytes, or panics with errTooLarge.
func (a *cappedAllocator) Reallocate(n int, b []byte) []byte {
	if n < 0 || n > a.limit {
		panic(errTooLarge{n, a.limit})
	}
	return a.pool.Reallocate(n, b)
}

// Free takes b back for later use.
func (a *cappedAllocator) Free(b []byte) { a.pool.Free(b) }
