package agents

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The heuristic player of Arkham Horror LCG. Each option of the prompt gets a
// score in rough "points" and the best one is taken. Probabilities of skill
// tests come from the chaos bag's current contents (LCG §6 ST.3–ST.6). The
// rules of thumb, by prompt:
//
//   - action: advance the act when able; fight engaged enemies the attack can
//     hurt, evade them when the odds of fighting are poor; investigate where
//     clues are while the act needs them; move toward the clues, then to the
//     Hallway (act 2) or the Ghoul Priest (act 3); play assets early; draw or
//     gain resources with spare actions; avoid actions that provoke attacks
//     of opportunity; resign only when the agenda is about to end the game.
//   - commit: commit matching icons while they raise the odds enough to be
//     worth the card (skill cards first, weapons last).
//   - assign: put damage and horror on allies and other assets that can soak.
//   - the rest: the most useful target, keep the best cards, pass otherwise.

// Skill indices of the LCG (Card.Skills, Card.Icons).
const (
	skWillpower = 0
	skIntellect = 1
	skCombat    = 2
	skAgility   = 3
	skWild      = 4
)

// cardGhoulPriest is The Gathering's Ghoul Priest (act 3's objective).
var cardGhoulPriest = cards.MustCode("01116")

// cardOf is the printed card of an instance.
func cardOf(s *lcg.State, id int16) *cards.Card { return &cards.All()[s.Cards[id].Def] }

// seatCard is the investigator card of a seat.
func seatCard(s *lcg.State, seat int) *cards.Card { return &cards.All()[s.Inv[seat].Def] }

// pSuccess is the chance that a test at value against diff succeeds, over the
// tokens now in the chaos bag (LCG §6 ST.3–ST.6).
func pSuccess(s *lcg.State, seat, value, diff int) float64 {
	if len(s.Bag) == 0 {
		if value >= diff {
			return 1
		}
		return 0
	}
	ok := 0
	for _, t := range s.Bag {
		mod, fail := s.TokenEstimate(seat, t)
		if fail {
			continue
		}
		v := value + mod
		if v < 0 {
			v = 0
		}
		if v >= diff {
			ok++
		}
	}
	return float64(ok) / float64(len(s.Bag))
}

// lcgView gathers what the rules of thumb ask about the acting seat.
type lcgView struct {
	s          *lcg.State
	seat       int
	loc        int
	hpLeft     int
	sanLeft    int
	cluesHere  int
	needClues  int // clues the group still needs for the current act (0 if none)
	goal       int // location slot to head for, or -1
	threat     int // damage+horror of the ready enemies engaged with the seat
	engaged    int // enemies engaged with the seat
	slack      int // doom until the current agenda advances
	finalAgend bool
	priest     int16 // the Ghoul Priest instance in play, or -1
	prize      int16 // the nearest unique enemy worth victory points in play (a cultist to interrogate), or -1
}

func newLCGView(s *lcg.State, seat int) lcgView {
	v := lcgView{s: s, seat: seat, goal: -1, priest: -1, prize: -1}
	inv := &s.Inv[seat]
	v.loc = int(inv.Loc)
	ic := seatCard(s, seat)
	v.hpLeft = int(ic.Health) - int(inv.Damage)
	v.sanLeft = int(ic.Sanity) - int(inv.Horror)
	if id := s.LocInst[v.loc]; id >= 0 {
		v.cluesHere = int(s.Cards[id].Clues)
	}
	for _, e := range s.Enemies {
		if e < 0 {
			continue
		}
		if s.Cards[e].Def == cardGhoulPriest {
			v.priest = e
		}
		if s.EngagedWith(e, seat) {
			v.engaged++
			if !s.Cards[e].Exhausted {
				c := cardOf(s, e)
				v.threat += int(c.Damage) + int(c.Horror)
			}
		}
	}
	doom, threshold := s.DoomTotal(), s.AgendaDoomThreshold()
	v.slack = threshold - doom
	v.finalAgend = int(s.Agenda) == s.AgendaCount()-1
	group := 0
	for i := 0; i < int(s.N); i++ {
		if s.InGame(i) {
			group += int(s.Inv[i].Clues)
		}
	}
	if need := s.ActClueThreshold(); need > 0 && s.Act < 2 {
		v.needClues = max(0, need-group)
	} else if need := s.ActAbilityClues(); need > 0 {
		v.needClues = max(0, need-group) // the act's ⮕ ability (The Midnight Masks' Cultist deck)
	}
	var d [lcg.MaxLocations]int
	distances(s, v.loc, &d)
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Loc >= 0 && cardOf(s, e).Unique && cardOf(s, e).Victory > 0 && s.Cards[e].Def != cardGhoulPriest {
			if dd := d[s.Cards[e].Loc]; dd >= 0 && (v.prize < 0 || dd < d[s.Cards[v.prize].Loc]) {
				v.prize = e
			}
		}
	}
	v.goal = v.goalLocation()
	return v
}

// locationNamed returns the in-play slot of the location with that title, or -1.
func locationNamed(s *lcg.State, name string) int {
	for k := 0; k < lcg.MaxLocations; k++ {
		if s.LocationInPlay(k) && cardOf(s, s.LocInst[k]).Name == name {
			return k
		}
	}
	return -1
}

// cluesAtLocation is the clues on a location, or the clues it will get when
// revealed (LCG §3 Per Investigator).
func cluesAtLocation(s *lcg.State, k int) int {
	id := s.LocInst[k]
	if id < 0 {
		return 0
	}
	if s.Cards[id].Revealed {
		return int(s.Cards[id].Clues)
	}
	c := cardOf(s, id)
	n := int(c.Clues)
	if c.CluesPerInvestigator {
		n *= int(s.N)
	}
	return n
}

// distances fills d with the number of moves from slot from to each slot
// (-1 unreachable), over connections between locations in play.
func distances(s *lcg.State, from int, d *[lcg.MaxLocations]int) {
	for k := range d {
		d[k] = -1
	}
	if from < 0 || from >= lcg.MaxLocations {
		return
	}
	var queue [lcg.MaxLocations]int
	head, tail := 0, 0
	d[from] = 0
	queue[tail] = from
	tail++
	for head < tail {
		a := queue[head]
		head++
		for b := 0; b < lcg.MaxLocations; b++ {
			if d[b] < 0 && s.Connects(a, b) {
				d[b] = d[a] + 1
				queue[tail] = b
				tail++
			}
		}
	}
}

// goalLocation is where the seat should head: clues while the act needs them,
// the Hallway once act 2's clues are in hand, the Ghoul Priest in act 3.
func (v *lcgView) goalLocation() int {
	s := v.s
	switch {
	case s.Act >= 2:
		if v.priest >= 0 && s.Cards[v.priest].Loc >= 0 {
			return int(s.Cards[v.priest].Loc)
		}
		return locationNamed(s, "Hallway")
	case v.needClues > 0:
		var d [lcg.MaxLocations]int
		distances(s, v.loc, &d)
		best, bestV := -1, -1e9
		for k := 0; k < lcg.MaxLocations; k++ {
			if d[k] < 0 || !s.LocationInPlay(k) {
				continue
			}
			n := cluesAtLocation(s, k)
			if n == 0 {
				continue
			}
			val := float64(min(n, v.needClues))*3 - float64(s.ShroudAt(k)) - float64(d[k])*2
			if k != v.loc {
				val -= v.entryCost(k)
			}
			if best < 0 || val > bestV {
				best, bestV = k, val
			}
		}
		return best
	case v.prize >= 0:
		return int(s.Cards[v.prize].Loc) // a cultist to interrogate or defeat
	case s.Act == 1:
		return locationNamed(s, "Hallway")
	}
	return -1
}

// clueValue is the value of one clue now.
func (v *lcgView) clueValue() float64 {
	if v.needClues > 0 {
		return 40
	}
	return 0
}

// aooPenalty is the cost of an action that provokes attacks of opportunity
// (LCG §3 Attack of Opportunity).
func (v *lcgView) aooPenalty() float64 {
	if v.threat == 0 {
		return 0
	}
	p := 8 * float64(v.threat)
	if v.hpLeft <= 3 || v.sanLeft <= 3 {
		p *= 3
	}
	return p
}

// enemyLeft is an enemy's remaining health.
func enemyLeft(s *lcg.State, e int16) int {
	return max(1, s.EnemyHealthOf(e)-int(s.Cards[e].Damage))
}

// fightScore values an attack on enemy e at skill value and damage dmg.
func (v *lcgView) fightScore(e int16, value, dmg int) float64 {
	s := v.s
	c := cardOf(s, e)
	p := pSuccess(s, v.seat, value, s.EnemyFight(e))
	left := enemyLeft(s, e)
	worth := 30.0
	if s.Cards[e].Def == cardGhoulPriest {
		worth = 70 // act 3's objective
	}
	if !s.EngagedWith(e, v.seat) {
		worth *= 0.6
	}
	val := p * worth * float64(min(dmg, left)) / float64(left)
	if dmg >= left {
		val += p * 15
	}
	if c.Retaliate && !s.Cards[e].Exhausted {
		val -= (1 - p) * 5 * float64(int(c.Damage)+int(c.Horror))
	}
	return val
}

// evadeScore values evading enemy e with a test at value.
func (v *lcgView) evadeScore(e int16, value int) float64 {
	s := v.s
	c := cardOf(s, e)
	if s.Cards[e].Def == cardGhoulPriest {
		return 2 // act 3 needs it defeated; evading only buys time
	}
	var p float64
	if s.EvadeDoublesNegative(e) {
		p = pSuccessDoubled(s, v.seat, value, s.EnemyEvade(e))
	} else {
		p = pSuccess(s, v.seat, value, s.EnemyEvade(e))
	}
	val := 12 + 4*float64(int(c.Damage)+int(c.Horror))
	if s.EvadeHasEffect(e) && c.Victory > 0 {
		val += 30 // evading it takes it away (Ruth Turner: into the victory display)
	}
	return p * val
}

// pSuccessDoubled is pSuccess when each negative token modifier is doubled
// (evading Hunting Nightgaunt).
func pSuccessDoubled(s *lcg.State, seat, value, diff int) float64 {
	if len(s.Bag) == 0 {
		return pSuccess(s, seat, value, diff)
	}
	ok := 0
	for _, t := range s.Bag {
		mod, fail := s.TokenEstimate(seat, t)
		if fail {
			continue
		}
		if mod < 0 {
			mod *= 2
		}
		if value+mod >= diff {
			ok++
		}
	}
	return float64(ok) / float64(len(s.Bag))
}

// moveScore values moving to slot k.
func (v *lcgView) moveScore(k int) float64 {
	s := v.s
	val := 0.0
	if v.goal >= 0 && k != v.loc {
		var dk, dl [lcg.MaxLocations]int
		distances(s, k, &dk)
		distances(s, v.loc, &dl)
		if dk[v.goal] >= 0 && dl[v.goal] >= 0 && dk[v.goal] < dl[v.goal] {
			val = 25
		}
	}
	// Forced "after you enter" damage of The Gathering (Attic horror, Cellar damage).
	pen := v.entryCost(k)
	if pen >= 100 {
		return -200
	}
	val -= pen
	return val - v.aooPenalty()
}

// entryCost is the cost of the forced "after you enter" damage of The
// Gathering's locations (Attic: 1 horror, Cellar: 1 damage), weighed by how
// much health or sanity is left; 100 or more when it would be fatal.
func (v *lcgView) entryCost(k int) float64 {
	switch cardOf(v.s, v.s.LocInst[k]).Name {
	case "Attic":
		if v.sanLeft <= 1 {
			return 200
		}
		return 12 / float64(v.sanLeft)
	case "Cellar":
		if v.hpLeft <= 1 {
			return 200
		}
		return 12 / float64(v.hpLeft)
	}
	return 0
}

// playScore values playing hand card id (an action or a fast play).
func (v *lcgView) playScore(id int16, fast bool) float64 {
	s := v.s
	c := cardOf(s, id)
	val := 0.0
	switch c.Type {
	case cards.Asset:
		val = 28 - 1.5*float64(max(0, int(c.Cost)))
		if weaponOrAlly(c) {
			val += 6
		}
	case cards.Event:
		switch c.Name {
		case "Working a Hunch", "Drawn to the Flame":
			val = v.clueValue() + 5
		case "Emergency Cache":
			val = 10
		case "Dynamite Blast", "Backstab", "Sneak Attack":
			if v.engaged > 0 || enemiesAt(s, v.loc) > 0 {
				val = 35
			}
		case "Blinding Light", "Cunning":
			if v.engaged > 0 {
				val = 25
			}
		default:
			val = 6
		}
	default:
		val = 1
	}
	if !fast {
		val -= v.aooPenalty()
	}
	return val
}

// enemiesAt counts the enemies at location slot loc.
func enemiesAt(s *lcg.State, loc int) int {
	n := 0
	for _, e := range s.Enemies {
		if e >= 0 && int(s.Cards[e].Loc) == loc {
			n++
		}
	}
	return n
}

// weaponOrAlly reports whether c is a Weapon or an Ally, the assets the
// heuristic values most.
func weaponOrAlly(c *cards.Card) bool { return c.Has("Weapon") || c.Has("Ally") }

// enemyTargetValue ranks enemy e as a target: engaged with the seat first,
// then the least health left.
func (v *lcgView) enemyTargetValue(e int16) float64 {
	val := -float64(enemyLeft(v.s, e))
	if v.s.EngagedWith(e, v.seat) {
		val += 10
	}
	return val
}

// cardKeepValue is how much a hand card is worth keeping (hand size, mulligan).
func cardKeepValue(s *lcg.State, id int16) float64 {
	c := cardOf(s, id)
	icons := 0
	for _, n := range c.Icons {
		icons += int(n)
	}
	val := float64(icons)
	switch c.Type {
	case cards.Asset:
		val += 6 - 0.5*float64(max(0, int(c.Cost)))
		if weaponOrAlly(c) {
			val += 3
		}
	case cards.Event:
		val += 3
	}
	if c.Weakness {
		val = 100 // cannot be discarded anyway
	}
	return val
}

// chooseLCG is the heuristic answer to an LCG prompt.
func chooseLCG(s *lcg.State, rng *game.RNG) int {
	p := s.Prompt()
	opts := p.Options
	if len(opts) == 1 {
		return 0
	}
	seat := int(p.Actor)
	if seat < 0 || seat >= int(s.N) {
		return rng.IntN(len(opts))
	}
	v := newLCGView(s, seat)
	var buf [1 + lcg.MaxShop]float64 // the upgrade step's options fit
	scores := buf[:0]
	for _, o := range opts {
		scores = append(scores, v.score(p.Kind, p.Source, o))
	}
	return pickBest(scores, rng)
}

// score values one option of a prompt of the given kind.
func (v *lcgView) score(kind game.PromptKind, source int32, o game.Option) float64 {
	s := v.s
	c := o.Code
	if val, ok := v.campaignScore(kind, o); ok {
		return val
	}
	switch kind {
	case lcg.PkMulligan:
		if c == lcg.ActKeep {
			return 0
		}
		if cardKeepValue(s, int16(o.Arg)) < 4 {
			return 1 // set aside weak cards (LCG §3 Mulligan)
		}
		return -1
	case lcg.PkCommit:
		return v.commitScore(o)
	case lcg.PkAssign:
		if c == lcg.ActToInvestigator {
			return 0
		}
		return 5 // soak with an asset (LCG §3 Dealing Damage/Horror)
	case lcg.PkHandSize:
		return -cardKeepValue(s, int16(o.Arg))
	case lcg.PkChoice:
		return v.choiceScore(source, o)
	case lcg.PkTarget:
		return v.targetScore(o)
	case lcg.PkReaction:
		switch {
		case c == lcg.ActPass:
			return 0
		case c >= lcg.ActDiscard && c < lcg.ActDiscard+lcg.MaxHand:
			// Wendy Adams: cancel a bad token by discarding a card.
			if n := len(s.Revealed); n > 0 {
				mod, fail := s.TokenEstimate(v.seat, s.Revealed[n-1])
				if fail || mod <= -3 {
					return 10 - cardKeepValue(s, int16(o.Arg))/4
				}
			}
			return -1
		}
		return 10 // Lucky!, Dodge, Evidence!, Roland's reaction: all help
	case lcg.PkOrder, lcg.PkNextTurn:
		return 0
	}
	// Actions and player windows.
	return v.actionScore(o, kind == lcg.PkAction)
}

// actionScore values an option of the action prompt or of a player window.
func (v *lcgView) actionScore(o game.Option, action bool) float64 {
	s := v.s
	c := o.Code
	inv := &s.Inv[v.seat]
	switch {
	case c == lcg.ActAdvanceAct:
		return 100
	case c == lcg.ActEndTurn, c == lcg.ActPass:
		return 0
	case c == lcg.ActInvestigate:
		if v.cluesHere == 0 || v.needClues == 0 {
			return -1
		}
		p := pSuccess(s, v.seat, s.SkillOf(v.seat, skIntellect)+magnifying(s, v.seat), s.ShroudAt(v.loc))
		return p*v.clueValue() - v.aooPenalty()
	case c == lcg.ActDraw:
		val := 6.0
		if len(inv.Hand) <= 3 {
			val = 9
		}
		if len(inv.Hand) >= 7 {
			val = 1
		}
		return val - v.aooPenalty()
	case c == lcg.ActResource:
		return 5.5 - v.aooPenalty()
	case c == lcg.ActResign:
		// Resign only when the last agenda ends the game at the next mythos
		// phase anyway (LCG §3 Resign): it spares the investigator.
		if v.finalAgend && v.slack <= 1 && s.Act < 2 {
			return 200
		}
		return -100
	case c == lcg.ActParley:
		p := pSuccess(s, v.seat, s.SkillOf(v.seat, skIntellect), 4)
		return p*15 - v.aooPenalty()
	case c >= lcg.ActParleyEnemy && c < lcg.ActParleyEnemy+lcg.MaxEnemies && cardOf(s, int16(o.Arg)).Unique && cardOf(s, int16(o.Arg)).Victory == 0 && hasTrait(cardOf(s, int16(o.Arg)), "Elite"):
		return 150 // an Elite's ⮕ that ends the scenario (Umôrdhoth: throw Lita to him, Resolution 3)
	case c >= lcg.ActParleyEnemy && c < lcg.ActParleyEnemy+lcg.MaxEnemies && cardOf(s, int16(o.Arg)).Victory > 0:
		return 30 // a Parley that puts the enemy into the victory display (an interrogation)
	case c >= lcg.ActLocation && c < lcg.ActLocation+lcg.MaxLocations:
		return 4.5 - v.aooPenalty() // a location's ⮕ ability (cards, resources, healing)
	case c >= lcg.ActChoose && c < lcg.ActChoose+lcg.MaxChoice && action:
		// An attachment's ⮕ ability (Locked Door): worth it where clues wait.
		if v.cluesHere > 0 && v.needClues > 0 {
			return 8 - v.aooPenalty()
		}
		return -1
	case c == lcg.ActSkidsAction:
		if inv.Resources >= 5 {
			return 4
		}
		return -1
	case c >= lcg.ActMove && c < lcg.ActMove+lcg.MaxLocations:
		return v.moveScore(int(o.Arg))
	case c >= lcg.ActFight && c < lcg.ActFight+lcg.MaxEnemies:
		return v.fightScore(int16(o.Arg), s.SkillOf(v.seat, skCombat), 1)
	case c >= lcg.ActEvade && c < lcg.ActEvade+lcg.MaxEnemies:
		return v.evadeScore(int16(o.Arg), s.SkillOf(v.seat, skAgility))
	case c >= lcg.ActEngage && c < lcg.ActEngage+lcg.MaxEnemies:
		return -2
	case c >= lcg.ActPlay && c < lcg.ActPlay+lcg.MaxHand:
		return v.playScore(int16(o.Arg), cardOf(s, int16(o.Arg)).Fast || !action)
	case c >= lcg.ActThreat && c < lcg.ActThreat+lcg.MaxThreat:
		return 12 - v.aooPenalty()
	case c >= lcg.ActAbility && c < lcg.ActAbility+2*lcg.MaxPlay:
		return v.abilityScore(int16(o.Arg), int(o.Arg2))
	}
	return 1
}

// magnifying counts Magnifying Glass bonuses to investigating.
func magnifying(s *lcg.State, seat int) int {
	n := 0
	for _, id := range s.Inv[seat].Play {
		if cardOf(s, id).Name == "Magnifying Glass" {
			n++
		}
	}
	return n
}

// bestFightTarget is the enemy an attack from seat would go for: engaged
// first, then the most hurt.
func (v *lcgView) bestFightTarget() int16 {
	s := v.s
	best, bestV := int16(-1), -1e9
	for _, e := range s.Enemies {
		if e < 0 || int(s.Cards[e].Loc) != v.loc {
			continue
		}
		val := v.enemyTargetValue(e)
		if s.Cards[e].Def == cardGhoulPriest {
			val += 5
		}
		if val > bestV {
			best, bestV = e, val
		}
	}
	return best
}

// abilityScore values using ability a of card id in play.
func (v *lcgView) abilityScore(id int16, a int) float64 {
	s := v.s
	inv := &s.Inv[v.seat]
	if ab, ok := s.AbilityOf(id, a); ok {
		switch {
		case ab.Heal:
			need := 0.0
			if v.hpLeft <= 3 || v.sanLeft <= 3 {
				need = 20
			} else if inv.Damage > 0 || inv.Horror > 0 {
				need = 6
			}
			return need - v.aooPenalty()
		case ab.Investigate:
			p := pSuccess(s, v.seat, s.SkillOf(v.seat, ab.Skill)+ab.Mod, max(0, s.ShroudAt(v.loc)+ab.Shroud))
			if ab.Resources {
				return p*8 - v.aooPenalty()
			}
			if v.cluesHere == 0 || v.needClues == 0 {
				return -1
			}
			return p*v.clueValue() + 1 - v.aooPenalty()
		}
		e := v.bestFightTarget()
		if e < 0 {
			return -1
		}
		return v.fightScore(e, s.SkillOf(v.seat, ab.Skill)+ab.Mod, 1+ab.Damage) + 2
	}
	// Fast abilities without a test: Beat Cop (1 damage to an enemy here),
	// Stray Cat (evade a non-Elite enemy), skill boosts outside tests.
	switch cardOf(s, id).Name {
	case "Beat Cop":
		if e := v.bestFightTarget(); e >= 0 && enemyLeft(s, e) <= 1 {
			return 45
		}
		return -1
	case "Stray Cat":
		if v.engaged > 0 && v.threat >= 2 {
			return 25
		}
		return -1
	}
	return -1
}

// hasTrait reports whether card c has the trait.
func hasTrait(c *cards.Card, trait string) bool {
	for _, t := range c.Traits {
		if t == trait {
			return true
		}
	}
	return false
}
