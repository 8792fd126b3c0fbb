package ah3case

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// Status is the outcome of a case.
type Status = casefile.Status

// Outcomes.
const (
	Pass = casefile.Pass
	Fail = casefile.Fail
	Skip = casefile.Skip
)

// Result is the outcome of one case; Diff lists each difference.
type Result struct {
	Case   *Case
	Status Status
	Diff   []string
	State  *ah3.State
}

// Where is "file:line" of the case.
func (r Result) Where() string { return fmt.Sprintf("%s:%d", r.Case.File, r.Case.Line) }

// Outcome is the result as `mythos check` prints it.
func (r Result) Outcome() casefile.Outcome {
	return casefile.Outcome{Status: r.Status, Where: r.Where(), Diff: r.Diff}
}

var skills = map[string]int{"observation": 0, "will": 1, "lore": 2, "influence": 3, "strength": 4}
var actionBits = map[string]int{"move": 0, "gather": 1, "focus": 2, "ward": 3, "research": 4, "trade": 5, "attack": 6, "evade": 7}

// Run runs a case; an engine panic is a failure.
func Run(c *Case) (res Result) {
	res = Result{Case: c}
	if c.Skip != "" {
		res.Status, res.Diff = Skip, []string{"skipped: " + c.Skip}
		return res
	}
	defer func() {
		if p := recover(); p != nil {
			res.Status = Fail
			res.Diff = append(res.Diff, fmt.Sprintf("engine panic: %v", p))
		}
	}()
	s, err := setup(c.scenario, &c.Setup)
	if err != nil {
		res.Status, res.Diff = Fail, []string{"setup: " + err.Error()}
		return res
	}
	res.State = s
	for i, a := range c.Actions {
		if err := act(s, a); err != nil {
			res.Status, res.Diff = Fail, []string{fmt.Sprintf("action %d %q: %v", i+1, a, err)}
			return res
		}
	}
	res.Diff = expect(s, &c.Expect)
	if len(res.Diff) > 0 {
		res.Status = Fail
	}
	return res
}

// setup prepares the game on sc (nil: the shipped scenario).
func setup(sc *content.Scenario, st *Setup) (*ah3.State, error) {
	if sc == nil {
		var err error
		if sc, err = content.Default(); err != nil {
			return nil, err
		}
	}
	inv := st.Investigators
	if len(inv) == 0 {
		inv = []string{"Jenny Barnes", "Tommy Muldoon"}
	}
	seed := st.Seed
	if seed == 0 {
		seed = 1
	}
	if len(st.Choose) > 0 {
		inv = st.Choose
	}
	s, err := ah3.New(sc, ah3.Config{Investigators: inv, Choose: len(st.Choose) > 0}, seed, true)
	if err != nil {
		return nil, err
	}
	// Setup choices: the investigators named by choose, else the first option
	// (starting items).
	picked := 0
	for n := 0; s.Phase == ah3.PhaseSetup && !s.Over(); n++ {
		if n > 100 {
			return nil, fmt.Errorf("setup does not finish")
		}
		if s.Prompt().Kind == ah3.PromptInvestigator && picked < len(st.Choose) {
			if err := act(s, st.Choose[picked]); err != nil {
				return nil, fmt.Errorf("choose %q: %v", st.Choose[picked], err)
			}
			picked++
			continue
		}
		if err := s.Apply(0); err != nil {
			return nil, err
		}
	}
	if !st.KeepMonsters {
		s.ClearMonsters()
	}
	for _, ss := range st.Seats {
		if ss.Seat < 0 || ss.Seat >= len(inv) {
			return nil, fmt.Errorf("no seat %d", ss.Seat)
		}
		seat := &s.Seats[ss.Seat]
		if ss.Space != "" {
			sp, err := s.SpaceIndex(ss.Space)
			if err != nil {
				return nil, err
			}
			seat.Space = sp
		}
		set16 := func(p *int, dst *int16) {
			if p != nil {
				*dst = int16(*p)
			}
		}
		set16(ss.Money, &seat.Money)
		set16(ss.Clues, &seat.Clues)
		set16(ss.Remnants, &seat.Remnants)
		if ss.Damage != nil {
			seat.Damage = int8(*ss.Damage)
		}
		if ss.Horror != nil {
			seat.Horror = int8(*ss.Horror)
		}
		for name, n := range ss.Tokens {
			k, ok := skills[name]
			if !ok {
				return nil, fmt.Errorf("no skill %q", name)
			}
			seat.Tokens[k] = int8(n)
		}
		if ss.ClearAssets {
			s.DiscardAssets(int8(ss.Seat))
		}
		for _, a := range ss.Assets {
			if err := s.GiveAsset(int8(ss.Seat), a); err != nil {
				return nil, err
			}
		}
		seat.Delayed = ss.Delayed
		for _, u := range ss.Used {
			b, ok := actionBits[u]
			if !ok {
				return nil, fmt.Errorf("no action %q", u)
			}
			seat.Used |= 1 << uint(b)
		}
	}
	if st.Doom != nil {
		for i := range s.Doom {
			s.Doom[i] = 0
		}
		for _, name := range sortedKeys(st.Doom) {
			sp, err := s.SpaceIndex(name)
			if err != nil {
				return nil, err
			}
			s.Doom[sp] = int8(st.Doom[name])
		}
	}
	for _, name := range sortedKeys(st.SpaceMarkers) {
		sp, err := s.SpaceIndex(name)
		if err != nil {
			return nil, err
		}
		s.SpaceMarkers[sp] = int8(st.SpaceMarkers[name])
	}
	if st.Clues != nil {
		for i := range s.Clues {
			s.Clues[i] = 0
		}
		for _, name := range sortedKeys(st.Clues) {
			h, err := s.HoodIndex(name)
			if err != nil {
				return nil, err
			}
			s.Clues[h] = int8(st.Clues[name])
		}
	}
	for _, name := range st.Anomaly {
		h, err := s.HoodIndex(name)
		if err != nil {
			return nil, err
		}
		s.Anomaly[h] = true
	}
	for _, n := range sortedKeys(st.Variant) {
		if err := s.SetVariant(n, st.Variant[n]); err != nil {
			return nil, err
		}
	}
	if st.Codex != nil {
		if err := s.SetCodex(st.Codex); err != nil {
			return nil, err
		}
	}
	s.SheetDoom, s.SheetClues = int16(st.SheetDoom), int16(st.SheetClues)
	for _, m := range st.Monsters {
		k, err := s.MonsterKind(m.Monster)
		if err != nil {
			return nil, err
		}
		sp, err := s.SpaceIndex(m.Space)
		if err != nil && m.Status != "engaged" {
			return nil, err
		}
		status := ah3.Ready
		switch m.Status {
		case "", "ready":
		case "exhausted":
			status = ah3.Exhausted
		case "engaged":
			status = ah3.Engaged
		default:
			return nil, fmt.Errorf("monster status %q", m.Status)
		}
		if _, err := s.PutMonster(k, sp, status, int8(m.Engaged), int8(m.Damage)); err != nil {
			return nil, err
		}
	}
	for _, p := range sortedKeys(st.Top) {
		if err := s.StackTop(p, st.Top[p]); err != nil {
			return nil, err
		}
	}
	for _, p := range sortedKeys(st.Bottom) {
		if err := s.StackBottom(p, st.Bottom[p]); err != nil {
			return nil, err
		}
	}
	if len(st.Reserve) > 0 {
		if err := s.SetReserve(st.Reserve); err != nil {
			return nil, err
		}
	}
	for _, p := range st.Empty {
		if p != "headline" {
			return nil, fmt.Errorf("only the headline deck can be emptied")
		}
		s.Headlines.N = 0
	}
	for _, name := range st.Gone {
		if err := s.SheetGone(name); err != nil {
			return nil, err
		}
	}
	if st.Rumor != "" {
		h, err := s.CardIndex("headline", st.Rumor)
		if err != nil {
			return nil, err
		}
		s.Headlines.Remove(h)
		s.HeadlineDiscard.Remove(h)
		s.HeadlineIn[h] = true
		s.Rumor, s.Markers = h, int8(st.Markers)
	}
	s.ForceDice(st.Dice...)
	for _, t := range st.Cup {
		k := -1
		for i, n := range content.TokenNames {
			if n == t {
				k = i
			}
		}
		if k < 0 {
			return nil, fmt.Errorf("no mythos token %q", t)
		}
		s.ForceCup(content.MythosToken(k))
	}
	phase := ah3.PhaseAction
	if st.Start != "" {
		p, err := ah3.ParsePhase(st.Start)
		if err != nil {
			return nil, err
		}
		phase = p
	}
	s.Restart(phase)
	return s, nil
}

func sortedKeys[K int | string, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// optionNames are the ways a script may name option i.
func optionNames(s *ah3.State, i int) []string {
	o := s.Prompt().Options[i]
	d := s.Describe(i)
	return []string{d, strings.TrimSuffix(d, ah3.StepCostNote), s.Info().ActionNames[o.Code]}
}

// find returns the option a script names, or -1.
func find(s *ah3.State, name string) int {
	if strings.HasPrefix(name, "#") {
		if i, err := strconv.Atoi(name[1:]); err == nil && i < len(s.Prompt().Options) {
			return i
		}
	}
	for i := range s.Prompt().Options {
		for _, n := range optionNames(s, i) {
			if strings.EqualFold(n, name) {
				return i
			}
		}
	}
	return -1
}

// act answers one step: an option's name, "#i", or "until <phase>"
// (answering the first option until that phase begins).
func act(s *ah3.State, a string) error {
	if s.Over() {
		return fmt.Errorf("the game is over")
	}
	if p, ok := strings.CutPrefix(a, "until "); ok {
		ph, err := ah3.ParsePhase(p)
		if err != nil {
			return err
		}
		for n := 0; s.Phase != ph && !s.Over(); n++ {
			if n > 500 {
				return fmt.Errorf("phase %s never came", p)
			}
			if err := s.Apply(0); err != nil {
				return err
			}
		}
		return nil
	}
	i := find(s, a)
	if i < 0 {
		var have []string
		for k := range s.Prompt().Options {
			have = append(have, s.Describe(k))
		}
		return fmt.Errorf("no such option in the %s prompt of seat %d (have %q)", ah3.PromptKindName(s.Prompt().Kind), s.Prompt().Actor, have)
	}
	return s.Apply(i)
}
