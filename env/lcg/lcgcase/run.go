package lcgcase

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
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

// Result is the outcome of running one case: on a failure, Diff lists each
// difference between the expected and the actual state (or the error that
// stopped the case) as "what: want X, got Y".
type Result struct {
	Case   *Case
	Status Status
	Diff   []string
	State  *lcg.State // the final state (nil when setup failed or the case was skipped)
}

// Where is "file:line" of the case.
func (r Result) Where() string { return fmt.Sprintf("%s:%d", r.Case.File, r.Case.Line) }

// Outcome is the result as `mythos check` prints it.
func (r Result) Outcome() casefile.Outcome {
	return casefile.Outcome{Status: r.Status, Where: r.Where(), Diff: r.Diff}
}

// maxAdvance bounds the prompts one Advance step may answer.
const maxAdvance = 2000

// Run runs a case: setup, actions, then expectations. A case with Skip set
// is not run. A panic in the engine is reported as a failure.
func Run(c *Case) (res Result) {
	res = Result{Case: c}
	if c.Skip != "" {
		res.Status = Skip
		res.Diff = []string{"skipped: " + c.Skip}
		return res
	}
	defer func() {
		if p := recover(); p != nil {
			res.Status = Fail
			res.Diff = append(res.Diff, fmt.Sprintf("engine panic: %v", p))
		}
	}()
	s, err := setup(&c.Setup, c.File)
	if err != nil {
		res.Status = Fail
		res.Diff = []string{"setup: " + err.Error()}
		return res
	}
	res.State = s
	if err := s.CheckInvariants(); err != nil {
		res.Status = Fail
		res.Diff = []string{"invariant broken after setup: " + err.Error()}
		return res
	}
	for i, a := range c.Actions {
		if err := do(s, a); err != nil {
			res.Status = Fail
			res.Diff = []string{fmt.Sprintf("action %d %q (line %d): %v", i+1, a.String(), a.Line, err)}
			return res
		}
		if err := s.CheckInvariants(); err != nil {
			res.Status = Fail
			res.Diff = []string{fmt.Sprintf("invariant broken after action %d %q (line %d): %v", i+1, a.String(), a.Line, err)}
			return res
		}
	}
	res.Diff = check(s, &c.Expect)
	if len(res.Diff) > 0 {
		res.Status = Fail
	}
	return res
}

// cardID resolves a card title or code (LCG player and encounter cards).
// Titles shared by several cards (Leo De Luca, level 0 and 1) resolve to the
// lowest code; name the code for the other.
func cardID(name string) (cards.ID, error) {
	n := strings.TrimSpace(name)
	if c, ok := cards.ByCode(n); ok {
		return c.ID, nil
	}
	all := cards.All()
	for i := range all {
		if all[i].Code != "" && !all[i].Hidden && sameName(all[i].Name, n) {
			return all[i].ID, nil
		}
	}
	// A card printed on the back of another (The Masked Hunter, agenda 1b
	// of The Midnight Masks) is a card of its own in play.
	for i := range all {
		if all[i].Code != "" && all[i].Hidden && all[i].Type == cards.Enemy && sameName(all[i].Name, n) {
			return all[i].ID, nil
		}
	}
	return 0, fmt.Errorf("unknown card %q (use its title or code)", name)
}

// isCard reports whether instance id is the named card (title or code).
func isCard(s *lcg.State, id int16, name string) bool {
	d := cards.Get(s.Cards[id].Def)
	n := strings.TrimSpace(name)
	return d.Code == n || sameName(d.Name, n)
}

// sameName compares card titles ignoring case and surrounding quotes
// ("Look what I found!" may be written without its quotes).
func sameName(a, b string) bool {
	return strings.EqualFold(strings.Trim(a, `"`), strings.Trim(strings.TrimSpace(b), `"`))
}

// location resolves a location name or code to its slot.
func location(s *lcg.State, name string) (int, error) {
	if k := s.LocationSlot(name); k >= 0 {
		return k, nil
	}
	return -1, fmt.Errorf("unknown location %q in %s", name, s.ScenarioName())
}

func locName(s *lcg.State, k int) string {
	if k < 0 || k >= lcg.MaxLocations || s.LocInst[k] < 0 {
		return fmt.Sprintf("slot %d", k)
	}
	return s.CardName(s.LocInst[k])
}

// setup builds the game and applies the setup fields in their documented order.
// file is the case file, against whose directory deck paths resolve.
func setup(su *Setup, file string) (*lcg.State, error) {
	invs := su.Investigators
	if len(invs) == 0 {
		invs = []string{"Roland Banks"}
	}
	diff := su.Difficulty
	if diff == "" {
		diff = "standard"
	}
	seed := su.Seed
	if seed == 0 {
		seed = 1
	}
	o := lcg.Options{Investigators: invs, Difficulty: diff, Mulligan: su.Mulligan, NoRandomWeakness: !su.RandomWeakness,
		Scenario: su.Scenario, CampaignLog: su.CampaignLog}
	if err := su.Extras.options(&o, file); err != nil {
		return nil, err
	}
	if su.Campaign != nil {
		if err := campaignOptions(&o, su.Campaign); err != nil {
			return nil, err
		}
	}
	s, err := lcg.New(o, seed, true)
	if err != nil {
		return nil, err
	}
	if su.Act != nil {
		if *su.Act < 0 || *su.Act >= s.ActCount() {
			return nil, fmt.Errorf("act %d: want 0 to %d", *su.Act, s.ActCount()-1)
		}
		for i := 0; int(s.Act) < *su.Act && i < s.ActCount(); i++ {
			s.AdvanceAct()
		}
		if int(s.Act) != *su.Act {
			return nil, fmt.Errorf("act %d: the act deck stopped at %d", *su.Act, s.Act)
		}
	}
	if su.Agenda != nil {
		if err := s.SetAgenda(*su.Agenda); err != nil {
			return nil, err
		}
	}
	if su.Doom != nil {
		if err := s.SetDoom(*su.Doom); err != nil {
			return nil, err
		}
	}
	for _, l := range su.Locations {
		k, err := location(s, l.Name)
		if err != nil {
			return nil, err
		}
		if l.InPlay != nil && *l.InPlay {
			if err := s.PutLocationInPlay(k); err != nil {
				return nil, err
			}
		}
		if l.Revealed != nil && *l.Revealed {
			if err := s.RevealLocation(k); err != nil {
				return nil, err
			}
		}
		if l.Clues != nil {
			if err := s.SetLocationClues(k, *l.Clues); err != nil {
				return nil, err
			}
		}
	}
	for _, ss := range su.Seats {
		if err := setupSeat(s, &ss); err != nil {
			return nil, fmt.Errorf("seat %d: %w", ss.Seat, err)
		}
	}
	if err := setupKeywords(s, su.Keywords, false); err != nil {
		return nil, err
	}
	for _, e := range su.Enemies {
		if err := setupEnemy(s, &e); err != nil {
			return nil, fmt.Errorf("enemy %s: %w", e.Card, err)
		}
	}
	if err := su.Extras.apply(s); err != nil {
		return nil, err
	}
	var top []cards.ID
	for _, n := range su.EncounterTop {
		d, err := cardID(n)
		if err != nil {
			return nil, fmt.Errorf("encounter_top: %w", err)
		}
		top = append(top, d)
	}
	s.StackEncounter(top...)
	var sa []cards.ID
	for _, n := range su.SetAsideTop {
		d, err := cardID(n)
		if err != nil {
			return nil, fmt.Errorf("set_aside_top: %w", err)
		}
		sa = append(sa, d)
	}
	if err := s.StackSetAside(sa...); err != nil {
		return nil, fmt.Errorf("set_aside_top: %w", err)
	}
	for _, n := range su.Victory {
		d, err := cardID(n)
		if err != nil {
			return nil, fmt.Errorf("victory: %w", err)
		}
		s.PutInVictory(d)
	}
	if err := setupKeywords(s, su.Keywords, true); err != nil { // and the copies made since
		return nil, err
	}
	if err := forceTokens(s, su.Tokens); err != nil {
		return nil, err
	}
	s.Refresh()
	if su.Campaign != nil {
		if err := setupCampaign(s, su.Campaign); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// forceTokens makes the next reveals return the named tokens. Each must be
// a token of the bag (the chaos bag of the difficulty: LCG §3 Chaos Tokens);
// revealed tokens return to the bag at ST.8, so one token may be forced for
// several tests.
func forceTokens(s *lcg.State, names []string) error {
	in := map[int8]bool{}
	for _, t := range s.Bag {
		in[t] = true
	}
	for _, n := range names {
		t, err := lcg.ParseToken(n)
		if err != nil {
			return err
		}
		if !in[t] {
			return fmt.Errorf("chaos token %s: not in the %s bag", lcg.TokenName(t), s.DifficultyName())
		}
		s.ForceTokens(t)
	}
	return nil
}

func setupSeat(s *lcg.State, ss *SeatSetup) error {
	seat := ss.Seat
	if seat < 0 || seat >= int(s.N) {
		return fmt.Errorf("no investigator in seat %d (the game has %d)", seat, s.N)
	}
	if ss.Location != "" {
		k, err := location(s, ss.Location)
		if err != nil {
			return err
		}
		if err := s.PlaceInvestigator(seat, k); err != nil {
			return err
		}
	}
	if ss.ClearHand {
		if err := s.ReturnHandToDeck(seat); err != nil {
			return err
		}
	}
	if ss.EmptyDeck {
		if err := s.DiscardDeck(seat); err != nil {
			return err
		}
	}
	put := func(names []string, f func(d cards.ID) error) error {
		for _, n := range names {
			d, err := cardID(n)
			if err != nil {
				return err
			}
			if err := f(d); err != nil {
				return err
			}
		}
		return nil
	}
	if err := put(ss.Hand, func(d cards.ID) error { _, err := s.PutInHand(seat, d); return err }); err != nil {
		return err
	}
	var top []cards.ID
	if err := put(ss.DeckTop, func(d cards.ID) error { top = append(top, d); return nil }); err != nil {
		return err
	}
	if _, err := s.StackDeck(seat, top...); err != nil {
		return err
	}
	if err := put(ss.Discard, func(d cards.ID) error { _, err := s.PutInDiscard(seat, d); return err }); err != nil {
		return err
	}
	last := int16(-1)
	if err := put(ss.Play, func(d cards.ID) error { id, err := s.PutInPlay(seat, d); last = id; return err }); err != nil {
		return err
	}
	if err := put(ss.Threat, func(d cards.ID) error { _, err := s.PutInThreat(seat, d); return err }); err != nil {
		return err
	}
	if ss.PlayDamage != nil || ss.PlayHorror != nil || ss.PlayUses != nil || ss.PlayExhaust {
		if last < 0 {
			return fmt.Errorf("play_damage/play_horror/play_uses/play_exhaust need a card in play")
		}
		c := &s.Cards[last]
		if ss.PlayDamage != nil {
			c.Damage = int8(*ss.PlayDamage)
		}
		if ss.PlayHorror != nil {
			c.Horror = int8(*ss.PlayHorror)
		}
		if ss.PlayUses != nil {
			c.Uses = int8(*ss.PlayUses)
		}
		c.Exhausted = c.Exhausted || ss.PlayExhaust
	}
	v := &s.Inv[seat]
	set := func(what string, p *int, lo, hi int, f func(int)) error {
		if p == nil {
			return nil
		}
		if *p < lo || *p > hi {
			return fmt.Errorf("%s %d: want %d to %d", what, *p, lo, hi)
		}
		f(*p)
		return nil
	}
	for _, e := range []error{
		set("resources", ss.Resources, 0, 1000, func(n int) { v.Resources = int16(n) }),
		set("clues", ss.Clues, 0, 100, func(n int) { v.Clues = int8(n) }),
		set("damage", ss.Damage, 0, 100, func(n int) { v.Damage = int8(n) }),
		set("horror", ss.Horror, 0, 100, func(n int) { v.Horror = int8(n) }),
		set("actions", ss.Actions, 0, 10, func(n int) { v.Actions = int8(n) }),
	} {
		if e != nil {
			return e
		}
	}
	return nil
}

// setupKeywords gives every copy of each named card its keywords; strict:
// a card with no copy in the game is an error.
func setupKeywords(s *lcg.State, ks []KeywordSetup, strict bool) error {
	for _, k := range ks {
		d, err := cardID(k.Card)
		if err != nil {
			return fmt.Errorf("keywords: %w", err)
		}
		kw, err := lcg.ParseKeywords(k.Add)
		if err != nil {
			return fmt.Errorf("keywords of %s: %w", k.Card, err)
		}
		if kw == 0 {
			return fmt.Errorf("keywords of %s: add names none", k.Card)
		}
		if s.GainKeywordsAll(d, kw) == 0 && strict {
			return fmt.Errorf("keywords: no copy of %s in the game", k.Card)
		}
	}
	return nil
}

func setupEnemy(s *lcg.State, e *EnemySetup) error {
	d, err := cardID(e.Card)
	if err != nil {
		return err
	}
	kw, err := lcg.ParseKeywords(e.Keywords)
	if err != nil {
		return err
	}
	engaged := lcg.EngageAuto
	switch strings.ToLower(strings.TrimSpace(e.Engaged)) {
	case "", "auto":
	case "none":
		engaged = lcg.EngageNone
	default:
		n, err := strconv.Atoi(e.Engaged)
		if err != nil {
			return fmt.Errorf("engaged %q: want a seat number, auto or none", e.Engaged)
		}
		engaged = n
	}
	loc := -1
	switch {
	case e.At != "":
		if loc, err = location(s, e.At); err != nil {
			return err
		}
	case engaged >= 0 && engaged < int(s.N):
		loc = int(s.Inv[engaged].Loc)
	default:
		loc = int(s.Inv[0].Loc)
	}
	if engaged >= 0 && engaged < int(s.N) && int(s.Inv[engaged].Loc) != loc {
		return fmt.Errorf("engaged with seat %d, who is at %s, not %s", engaged, locName(s, int(s.Inv[engaged].Loc)), locName(s, loc))
	}
	id, err := s.PlaceEnemyWith(d, loc, engaged, e.Damage, e.Exhausted, kw)
	if err == nil && e.Doom > 0 {
		s.SetEnemyDoom(id, e.Doom)
	}
	return err
}

// do carries out one action.
func do(s *lcg.State, a Action) error {
	if a.Tokens != nil {
		if err := forceTokens(s, a.Tokens); err != nil {
			return err
		}
		if a.Do == "" && a.Option == nil && a.Advance == "" {
			return nil
		}
	}
	if a.Advance != "" {
		return advance(s, a)
	}
	if a.Refused {
		return refuse(s, a)
	}
	if s.Over() {
		return fmt.Errorf("the game is over (%s)", lcg.ResolutionName(s.Resolution))
	}
	i, err := findOption(s, a)
	if err != nil {
		return err
	}
	return s.Apply(i)
}

// refuse checks that action a is refused: no option of the current prompt
// matches it (or the engine rejects its option index), and the state is
// unchanged byte for byte.
func refuse(s *lcg.State, a Action) error {
	before, err := s.MarshalBinary()
	if err != nil {
		return err
	}
	i := -1
	if a.Option != nil {
		i = *a.Option
	} else if i = matchOption(s, a); i == -2 {
		return fmt.Errorf("unknown action %q", a.String())
	}
	if i >= 0 || a.Option != nil {
		if err := s.Apply(i); err == nil {
			return fmt.Errorf("%q must be refused, but the %s prompt offered it", a.String(), kindName(s, s.Prompt().Kind))
		}
	}
	after, err := s.MarshalBinary()
	if err != nil {
		return err
	}
	if !bytes.Equal(before, after) {
		return fmt.Errorf("refused %q changed the game state", a.String())
	}
	return nil
}

// advance answers every prompt with its first option until a prompt of the
// wanted kind (and phase, and seat) is current.
func advance(s *lcg.State, a Action) error {
	kind := strings.ToLower(strings.TrimSpace(a.Advance))
	if kind != "any" && kind != "over" && promptKind(s, kind) < 0 {
		return fmt.Errorf("advance: unknown prompt kind %q (want any, over or one of %s)", a.Advance, strings.Join(s.Info().PromptKinds, ", "))
	}
	for i := 0; i < maxAdvance; i++ {
		if s.Over() {
			if kind == "over" || kind == "none" {
				return nil
			}
			return fmt.Errorf("advance %s: the game ended first (%s)", kind, lcg.ResolutionName(s.Resolution))
		}
		p := s.Prompt()
		ok := kind == "any" || (kind != "over" && int(p.Kind) == promptKind(s, kind))
		if ok && a.Phase != "" && !strings.EqualFold(s.Phase.String(), a.Phase) {
			ok = false
		}
		if ok && a.Seat != nil && int(p.Actor) != *a.Seat {
			ok = false
		}
		if ok {
			return nil
		}
		if err := s.Apply(0); err != nil {
			return err
		}
	}
	return fmt.Errorf("advance %s: not reached in %d decisions", kind, maxAdvance)
}

func promptKind(s *lcg.State, name string) int {
	for i, k := range s.Info().PromptKinds {
		if strings.EqualFold(k, name) {
			return i
		}
	}
	return -1
}

// argKind says how a ranged action code's option argument names its target.
type argKind uint8

const (
	argLoc argKind = iota
	argCard
	argSeat
	argIndex
	argDef // a card definition (cards.ID): the upgrade step's Buy and Remove
)

// ranged lists the engine's ranged action codes (actions.go) by verb.
var ranged = []struct {
	verb  string
	alias []string
	base  game.ActionCode
	n     int
	kind  argKind
}{
	{"Move", nil, lcg.ActMove, lcg.MaxLocations, argLoc},
	{"Fight", []string{"attack"}, lcg.ActFight, lcg.MaxEnemies, argCard},
	{"Engage", nil, lcg.ActEngage, lcg.MaxEnemies, argCard},
	{"Evade", nil, lcg.ActEvade, lcg.MaxEnemies, argCard},
	{"Play", nil, lcg.ActPlay, lcg.MaxHand, argCard},
	{"Commit", nil, lcg.ActCommit, lcg.MaxHand, argCard},
	{"Discard", nil, lcg.ActDiscard, lcg.MaxHand, argCard},
	{"Mulligan", nil, lcg.ActMulligan, lcg.MaxHand, argCard},
	{"Ability", []string{"activate"}, lcg.ActAbility, 2 * lcg.MaxPlay, argCard},
	{"Threat", []string{"threatability"}, lcg.ActThreat, lcg.MaxThreat, argCard},
	{"Assign", []string{"assigntoasset"}, lcg.ActAssign, lcg.MaxPlay, argCard},
	{"Investigator", []string{"seat"}, lcg.ActSeat, lcg.MaxInvestigators, argSeat},
	{"Enemy", nil, lcg.ActEnemy, lcg.MaxEnemies, argCard},
	{"Location", nil, lcg.ActLocation, lcg.MaxLocations, argLoc},
	{"Choose", nil, lcg.ActChoose, lcg.MaxChoice, argIndex},
	{"Buy", nil, lcg.ActBuy, lcg.MaxShop, argDef},
	{"Remove", nil, lcg.ActRemove, lcg.MaxShop, argDef},
}

// findOption finds the option of the current prompt that action a names.
func findOption(s *lcg.State, a Action) (int, error) {
	p := s.Prompt()
	if a.Option != nil {
		if *a.Option < 0 || *a.Option >= len(p.Options) {
			return -1, fmt.Errorf("option %d: the %s prompt has %d options: %s", *a.Option, kindName(s, p.Kind), len(p.Options), optionList(s))
		}
		return *a.Option, nil
	}
	if i := matchOption(s, a); i >= 0 {
		return i, nil
	} else if i == -2 {
		return -1, fmt.Errorf("unknown action %q: want an action name (%s…) or a verb with a target (Move Hallway, Fight Ghoul Minion, Play Dodge…)", a.String(), strings.Join(s.Info().ActionNames[:int(lcg.ActMove)], ", "))
	}
	return -1, fmt.Errorf("no option %q in the %s prompt of %s: %s", a.String(), kindName(s, p.Kind), seatName(s, int(p.Actor)), optionList(s))
}

// matchOption returns the index of the option matching a, -1 if none, -2 if
// the verb is unknown.
func matchOption(s *lcg.State, a Action) int {
	p := s.Prompt()
	verb := strings.TrimSpace(a.Do)
	names := s.Info().ActionNames
	if a.Target == "" {
		for code, n := range names {
			if strings.EqualFold(n, verb) {
				return p.Find(game.ActionCode(code))
			}
		}
	}
	for _, r := range ranged {
		if !strings.EqualFold(r.verb, verb) && !containsFold(r.alias, verb) {
			continue
		}
		return matchRange(s, a, r.base, r.n, r.kind)
	}
	// Other ranged codes of the engine's vocabulary ("ParleyEnemy0"…): a
	// verb that names them without the number targets a card.
	if base, n := rangeOf(names, verb); n > 0 {
		return matchRange(s, a, base, n, argCard)
	}
	return -2
}

// matchRange returns the index of the first option with a code in [base,
// base+n) whose target matches a, or -1.
func matchRange(s *lcg.State, a Action, base game.ActionCode, n int, kind argKind) int {
	for i, o := range s.Prompt().Options {
		if o.Code < base || int(o.Code-base) >= n {
			continue
		}
		k := int(o.Code - base)
		if a.Ability != nil && k%2 != *a.Ability {
			continue
		}
		if targetMatches(s, kind, o, k, a.Target) {
			return i
		}
	}
	return -1
}

// rangeOf finds the codes named verb0, verb1… in the action names.
func rangeOf(names []string, verb string) (game.ActionCode, int) {
	base, n := -1, 0
	for code, name := range names {
		rest, ok := strings.CutPrefix(strings.ToLower(name), strings.ToLower(verb))
		if !ok || rest == "" {
			continue
		}
		if _, err := strconv.Atoi(rest); err != nil {
			continue
		}
		if base < 0 {
			base = code
		}
		n++
	}
	if base < 0 {
		return 0, 0
	}
	return game.ActionCode(base), n
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// targetMatches reports whether option o (offset k of its range) has target t.
func targetMatches(s *lcg.State, kind argKind, o game.Option, k int, t string) bool {
	t = strings.TrimSpace(t)
	if t == "" {
		return true
	}
	switch kind {
	case argLoc:
		// A location with versions is also named by its subtitle
		// (LocationSlot: "Quiet Glade" for Arkham Woods (Quiet Glade)).
		return strings.EqualFold(locName(s, int(o.Arg)), t) || strconv.Itoa(int(o.Arg)) == t || s.LocationSlot(t) == int(o.Arg)
	case argCard:
		return o.Arg >= 0 && int(o.Arg) < len(s.Cards) && isCard(s, int16(o.Arg), t)
	case argSeat:
		return strconv.Itoa(k) == t || strings.Contains(strings.ToLower(seatName(s, k)), strings.ToLower(t))
	case argDef:
		return defMatches(lcg.ShopCard(k), t)
	}
	if _, err := strconv.Atoi(t); err != nil {
		// A generic choice named by the card it offers (a search, a target).
		return o.Arg >= 0 && int(o.Arg) < len(s.Cards) && isCard(s, int16(o.Arg), t)
	}
	return strconv.Itoa(k) == t
}

func kindName(s *lcg.State, k game.PromptKind) string {
	if int(k) < len(s.Info().PromptKinds) {
		return s.Info().PromptKinds[k]
	}
	return fmt.Sprintf("kind %d", k)
}

func seatName(s *lcg.State, i int) string {
	if i < 0 || i >= int(s.N) {
		return "nobody"
	}
	return fmt.Sprintf("seat %d (%s)", i, cards.Get(s.Inv[i].Def).Name)
}

// optionLabel names an option: its action name and target.
func optionLabel(s *lcg.State, o game.Option) string {
	name := s.Info().ActionNames[o.Code]
	for _, r := range ranged {
		if o.Code < r.base || int(o.Code-r.base) >= r.n {
			continue
		}
		switch r.kind {
		case argLoc:
			return fmt.Sprintf("%s(%s)", name, locName(s, int(o.Arg)))
		case argCard:
			if o.Arg >= 0 && int(o.Arg) < len(s.Cards) {
				return fmt.Sprintf("%s(%s)", name, s.CardName(int16(o.Arg)))
			}
		case argDef:
			c := cards.Get(lcg.ShopCard(int(o.Code - r.base)))
			return fmt.Sprintf("%s(%s %s)", name, c.Code, c.Name)
		}
		return name
	}
	return name
}

// optionList lists the current prompt's options.
func optionList(s *lcg.State) string {
	p := s.Prompt()
	if len(p.Options) == 0 {
		return "[]"
	}
	parts := make([]string, len(p.Options))
	for i, o := range p.Options {
		parts[i] = fmt.Sprintf("%d:%s", i, optionLabel(s, o))
	}
	return "[" + strings.Join(parts, " ") + "]"
}
