package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress shows how far a long command is: a progress bar when w is a
// terminal, plain lines ("episodes: 40/200 (20%), 3s") when it is not (a log
// file or a pipe, where a redrawn bar would pile up), nothing when it is nil
// (--quiet). Its methods are safe on a nil *progress and for concurrent use.
type progress struct {
	bar *progressbar.ProgressBar

	mu          sync.Mutex
	w           io.Writer
	desc        string
	total, done int64
	reported    int64 // done at the last plain line
	start, last time.Time
}

// plainEvery is how often a plain progress line is written at most, besides
// one per tenth of the total.
const plainEvery = 30 * time.Second

// newProgress returns the progress of total units named desc on w, or nil
// with quiet. On a terminal the bar is drawn at once, empty, so a slow first
// unit does not leave the terminal silent; in plain mode the first line says
// what is counted.
func newProgress(w io.Writer, total int64, desc string, quiet bool, opts ...progressbar.Option) *progress {
	if quiet {
		return nil
	}
	p := &progress{w: w, desc: desc, total: total, start: time.Now()}
	p.last = p.start
	if isTerminal(w) {
		p.bar = progressbar.NewOptions64(total, append([]progressbar.Option{
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(desc),
		}, opts...)...)
		_ = p.bar.RenderBlank()
		return p
	}
	fmt.Fprintf(w, "%s: 0/%d\n", desc, total)
	return p
}

// isTerminal reports whether w writes to a terminal.
func isTerminal(w io.Writer) bool {
	for {
		switch x := w.(type) {
		case *lockedWriter:
			w = x.w
		case *os.File:
			return term.IsTerminal(int(x.Fd()))
		default:
			return false
		}
	}
}

// Add counts n more units done.
func (p *progress) Add(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.set(p.done + int64(n))
}

// Set64 sets the units done.
func (p *progress) Set64(v int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.set(v)
}

func (p *progress) set(v int64) {
	p.done = v
	if p.bar != nil {
		_ = p.bar.Set64(v)
		return
	}
	now := time.Now()
	tenth := max(p.total/10, 1)
	if v/tenth > p.reported/tenth || now.Sub(p.last) >= plainEvery {
		p.line(now)
	}
}

// line writes a plain progress line.
func (p *progress) line(now time.Time) {
	pct := 0
	if p.total > 0 {
		pct = int(100 * p.done / p.total)
	}
	fmt.Fprintf(p.w, "%s: %d/%d (%d%%), %s\n", p.desc, p.done, p.total, pct, now.Sub(p.start).Round(time.Second))
	p.reported, p.last = p.done, now
}

// Describe renames what is counted (a bar shows it; a plain line uses it
// from the next line on).
func (p *progress) Describe(desc string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.desc = desc
	if p.bar != nil {
		p.bar.Describe(desc)
	}
}

// Finish completes the progress: a bar is filled (or cleared, as its options
// say), a plain progress ends with a last line unless one says it already.
func (p *progress) Finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
		return
	}
	if p.reported != p.done {
		p.line(time.Now())
	}
}

// Exit stops the progress where it is (an interrupted run): a bar stays
// drawn as it was, a plain progress writes its last line.
func (p *progress) Exit() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Exit()
		return
	}
	if p.reported != p.done {
		p.line(time.Now())
	}
}

// Terminal reports whether the progress draws a bar (a caller ends the bar's
// line itself after Finish or Exit).
func (p *progress) Terminal() bool { return p != nil && p.bar != nil }
