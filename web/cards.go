package web

import (
	"strings"
	"unicode"

	"github.com/mythos-rl/mythos/env/game"
)

// maxCardOptions bounds the options of one prompt that are searched for a
// card (a prompt of a hundred cells names no card).
const maxCardOptions = 40

// optionCard finds the card an option names, for its text on hover: the
// longest run of the option's last words (at least four letters) that is
// the whole name at the start of a card's text, as the game describes it to
// viewer.
// It returns "" for an option that names no card, or a game without card
// texts.
func optionCard(ct cardTexter, viewer game.AgentID, option string) string {
	words := strings.Fields(option)
	for k := 0; k < len(words); k++ {
		q := strings.Trim(strings.Join(words[k:], " "), ".,;:()[]→")
		if len(q) < 4 {
			continue
		}
		text, err := ct.CardText(viewer, q)
		if err != nil {
			continue
		}
		if namesCard(text, q) {
			return text
		}
	}
	return ""
}

// namesCard reports whether a card's text begins with the whole name q (any
// case): "Machete #7 — …" names "Machete", "Healing Rites" does not name
// "heal".
func namesCard(text, q string) bool {
	lt, lq := strings.ToLower(text), strings.ToLower(q)
	if !strings.HasPrefix(lt, lq) {
		return false
	}
	rest := []rune(lt[len(lq):])
	return len(rest) == 0 || !unicode.IsLetter(rest[0]) && !unicode.IsDigit(rest[0])
}

// addCards fills the Card of each option that names one.
func addCards(s game.State, viewer game.AgentID, opts []optionTag) {
	ct, ok := s.(cardTexter)
	if !ok || len(opts) > maxCardOptions {
		return
	}
	for i := range opts {
		opts[i].Card = optionCard(ct, viewer, opts[i].Text)
	}
}
