package main

import (
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/rivo/uniseg"
	"golang.org/x/term"

	"github.com/mythos-rl/mythos/env/game"
)

// playWidth is the widest line mythos play prints when it cannot learn the
// terminal's width (output to a file or a pipe, no COLUMNS).
const playWidth = 100

// minPlayWidth is the narrowest width mythos play wraps at: below it a
// narrow terminal wraps the lines itself.
const minPlayWidth = 40

// playWidthOf is the width mythos play wraps its text at on w: the
// terminal's width when w is a terminal, else $COLUMNS when set (a pager, a
// script that knows), else playWidth; never below minPlayWidth. Lines are
// broken between words, so the terminal never breaks one.
func playWidthOf(w io.Writer) int {
	width := 0
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if c, _, err := term.GetSize(int(f.Fd())); err == nil {
			width = c
		}
	}
	if width <= 0 {
		if c, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil {
			width = c
		}
	}
	if width <= 0 {
		width = playWidth
	}
	return max(width, minPlayWidth)
}

// optionKeyer is implemented by games whose options can be named apart
// from their position in the prompt (the LCG: lcg.State.OptionKey, Turn).
type optionKeyer interface {
	// OptionKey names what option i of the current prompt does, so the
	// same action has the same key on a later prompt.
	OptionKey(i int) game.Option
	// Turn changes when a new turn or phase begins.
	Turn() int
}

// numbering gives the options of the current prompt the numbers the player
// types. For a game with option keys (optionKeyer), numbers belong to a
// scope: one turn (Turn), one actor and one kind of prompt. Within a scope
// an action keeps the number it got when it first appeared, a new action
// gets the next number never given in the scope, and a number is never
// reused for another action; a new scope starts again from 0 (so the first
// prompt of a turn is numbered 0, 1, 2… in the game's order). Other games
// number options by their position.
type numbering struct {
	scope   [3]int // turn, actor, prompt kind
	started bool
	next    int                 // the first number not given in this scope
	byKey   map[game.Option]int // the number of each action seen in this scope
	nums    []int               // the number of each option of the current prompt
}

// update numbers the options of s's current prompt.
func (n *numbering) update(s game.State) {
	pr := s.Prompt()
	n.nums = n.nums[:0]
	k, ok := s.(optionKeyer)
	if !ok {
		for i := range pr.Options {
			n.nums = append(n.nums, i)
		}
		return
	}
	scope := [3]int{k.Turn(), int(pr.Actor), int(pr.Kind)}
	if !n.started || scope != n.scope {
		n.scope, n.started, n.next = scope, true, 0
		n.byKey = map[game.Option]int{}
	}
	used := map[int]bool{}
	for i := range pr.Options {
		key := k.OptionKey(i)
		num, seen := n.byKey[key]
		if !seen || used[num] { // two options with one key: keep them apart
			num = n.next
			n.next++
			n.byKey[key] = num
		}
		used[num] = true
		n.nums = append(n.nums, num)
	}
}

// number is the number shown for option index i.
func (n *numbering) number(i int) int {
	if i < 0 || i >= len(n.nums) {
		return -1
	}
	return n.nums[i]
}

// index returns the option index shown as number num.
func (n *numbering) index(num int) (int, bool) {
	for i, x := range n.nums {
		if x == num {
			return i, true
		}
	}
	return 0, false
}

// order lists the option indices by their numbers, the order they are shown.
func (n *numbering) order() []int {
	idx := make([]int, len(n.nums))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return n.nums[idx[a]] < n.nums[idx[b]] })
	return idx
}

// wrapText wraps every line of text that is wider than width columns at the
// line-break opportunities of Unicode (UAX #14, through uniseg), measuring
// display width; a continuation line is indented four columns more than the
// line it continues. A single word wider than width stays whole.
func wrapText(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if uniseg.StringWidth(l) > width {
			lines[i] = wrapLine(l, width)
		}
	}
	return strings.Join(lines, "\n")
}

func wrapLine(line string, width int) string {
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))] + "    "
	if len(indent) > width/2 {
		indent = "    "
	}
	var out []string
	cur, hasWord := "", false
	state := -1
	for rest := line; rest != ""; {
		var seg string
		seg, rest, _, state = uniseg.FirstLineSegmentInString(rest, state)
		word := strings.TrimRight(seg, " ")
		if hasWord && word != "" && uniseg.StringWidth(cur)+uniseg.StringWidth(word) > width {
			out = append(out, strings.TrimRight(cur, " "))
			cur = indent
		}
		cur += seg
		hasWord = hasWord || word != ""
	}
	return strings.Join(append(out, strings.TrimRight(cur, " ")), "\n")
}
