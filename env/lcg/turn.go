package lcg

import (
	"math/bits"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Action kinds carried by opAct frames (Frame.A).
const (
	akInvestigate int32 = iota
	akMove
	akDraw
	akResource
	akPlay
	akFight
	akEngage
	akEvade
	akAbility
	akResign
	akParley
	akThreat
	akParleyEnemy // Parley with an enemy (Mob Enforcer; cardHooks.parleyRun)
	akLocAbility  // the ⮕ ability of your location (LocationDef.Ability)
	akActAbility  // the current act's ⮕ ability (StageDef.Ability)
	akBoard       // the ⮕ ability of a card on the board at your location (cardHooks.boardRun)
)

// hTurn is one investigator's turn (LCG §5.2 2.2–2.2.2). Step 0 begins the
// turn, step 1 offers actions until the turn ends, step 2 ends it. Frame A
// is 0 while the window before the next action is to open, Frame B 1 once an
// action was taken this turn (turnStartWindow).
func (s *State) hTurn(f *game.Frame) game.Control {
	seat := int(f.Who)
	v := &s.Inv[seat]
	switch f.Step {
	case 0:
		// LCG §5.2 2.2 the chosen investigator becomes the active investigator.
		s.Active = int8(seat)
		v.Actions = 3 + s.bonusActions(seat) // LCG §5.2 2.2.1, Leo De Luca
		v.TomeAction = 0
		if h := hooksOf[v.Def]; h != nil && h.tomeAction && !s.invBlank(seat) {
			v.TomeAction = 1 // an extra action for Tome ⮕ abilities
		}
		v.UsedTurn = 0
		f.Step = 1
		return game.Again
	case 1:
		if !s.inGame(seat) {
			f.Step = 2
			return game.Again
		}
		if f.Answer != game.NoAnswer {
			o := s.chosen(f)
			if o.Code == ActEndTurn {
				f.Step = 2
				return game.Again
			}
			before := v.Actions + v.TomeAction
			s.doTurnOption(seat, o)
			if v.Actions+v.TomeAction < before {
				f.B = 1 // an action was taken this turn
			}
			// The window before the next action opens again after an action;
			// after a fast ability of the active investigator it stays open,
			// and so reopens for the others who had passed (LCG §5.1, §5.2
			// 2.2.1; ruling R-WIN-PASS).
			f.A = 0
			return s.cont(game.Again)
		}
		if f.A == 0 {
			// LCG §5.1, §5.2 2.2.1: the player window before each action (and
			// after the last). The other investigators use it first, only when
			// one of them has a ⚡ ability or fast card to use (ruling
			// R-WIN-TURN); the active investigator's share is merged into the
			// action prompt.
			f.A = 1
			if s.otherTurnWindow(seat) {
				s.push(opWindow, 0, -1, 0, int32(seat), winTurn)
				return game.Again
			}
		}
		p := s.ask(seat, PkAction, -1)
		p.Add(ActEndTurn, 0, 0)
		s.addActionOptions(seat, p)
		s.addFastOptions(seat, p, true)
		return game.Wait
	default:
		// LCG §5.2 2.2.2 the turn ends; "at the end of your turn" effects.
		v.TookTurn = true
		s.Active = -1
		s.expireLasting(seat, lastTurnMask) // "until the end of your turn" (LCG §3 Lasting Effects)
		if s.inGame(seat) {
			s.endOfTurn(seat)
		}
		return s.cont(game.Done)
	}
}

// actionCost is the number of actions an action of kind k costs seat,
// counting Frozen in Fear (first move, fight or evade each round costs 1
// more).
func (s *State) actionCost(seat int, k int32, base int8) int8 {
	if (k == akMove || k == akFight || k == akEvade) && !s.Inv[seat].FrozenPaid {
		base += int8(s.threatRules(seat, ruleActionTax)) // per copy of Frozen in Fear
	}
	return base
}

// canPayPlay reports whether seat has the actions to play card id with the
// Play action: a Fight or Evade event costs what that action costs (Frozen
// in Fear).
func (s *State) canPayPlay(seat int, id int16) bool {
	if d := playDesignator(s.Cards[id].Def); d >= 0 {
		return s.canPay(seat, s.actionCost(seat, d, 1), false)
	}
	return true
}

// canPay reports whether seat has the actions for a cost; tome says the
// action is a Tome ⮕ ability (Daisy Walker's extra action).
func (s *State) canPay(seat int, cost int8, tome bool) bool {
	v := &s.Inv[seat]
	n := v.Actions
	if tome && !s.invBlank(seat) {
		n += v.TomeAction
	}
	return n >= cost
}

// spend pays actions (LCG §3 Action: the cost is paid before the effect).
func (s *State) spend(seat int, k int32, cost int8, tome bool) {
	v := &s.Inv[seat]
	if (k == akMove || k == akFight || k == akEvade) && s.threatRules(seat, ruleActionTax) > 0 {
		v.FrozenPaid = true
	}
	if tome && v.TomeAction > 0 && cost > 0 && !s.invBlank(seat) {
		v.TomeAction--
		cost--
	}
	v.Actions -= cost
	if v.Actions < 0 {
		v.Actions = 0
	}
}

// addActionOptions lists the basic actions the investigator can take now
// (LCG §5.2 2.2.1).
func (s *State) addActionOptions(seat int, p *game.Prompt) {
	v := &s.Inv[seat]
	loc := int(v.Loc)
	if v.Actions > 0 {
		if s.canInvestigate(seat) {
			p.Add(ActInvestigate, int32(loc), 0)
		}
		if loc >= 0 && loc < MaxLocations && s.canPay(seat, s.actionCost(seat, akMove, 1), false) {
			// The slots loc connects to, in slot order: canMove needs a
			// connection first.
			for c := s.Conn[loc]; c != 0; c &= c - 1 {
				if k := bits.TrailingZeros16(c); s.canMove(seat, k) {
					p.Add(ActMove+game.ActionCode(k), int32(k), 0)
				}
			}
		}
		p.Add(ActDraw, 0, 0)
		p.Add(ActResource, 0, 0)
		for h, id := range v.Hand {
			if h < MaxHand && !s.isFastCard(id) && s.canPlay(seat, id) && s.canPayPlay(seat, id) {
				p.Add(ActPlay+game.ActionCode(h), int32(id), 0)
			}
		}
		if id := s.amuletEvent(seat); id >= 0 && !s.isFastCard(id) && s.canPlay(seat, id) && s.canPayPlay(seat, id) {
			p.Add(ActPlayDiscard, int32(id), 0) // Wendy's Amulet: the topmost event of the discard
		}
		fightOK := s.canPay(seat, s.actionCost(seat, akFight, 1), false)
		evadeOK := s.canPay(seat, s.actionCost(seat, akEvade, 1), false)
		for k, e := range s.Enemies {
			if k >= MaxEnemies || e < 0 || int(s.Cards[e].Loc) != loc {
				continue
			}
			engaged := s.engagedWith(e, seat)
			// LCG §3 Attack: any enemy at your location; §3 Aloof only if engaged with you.
			if fightOK && (engaged || !s.isAloof(e)) {
				p.Add(ActFight+game.ActionCode(k), int32(e), 0)
			}
			// LCG §3 Engage: an enemy at your location not engaged with you.
			if !engaged {
				p.Add(ActEngage+game.ActionCode(k), int32(e), 0)
			}
			// LCG §3 Evade: an enemy engaged with you.
			if evadeOK && engaged {
				p.Add(ActEvade+game.ActionCode(k), int32(e), 0)
			}
			if h := s.hook(e); h != nil && h.parleyCan != nil && !s.blank(e) && h.parleyCan(s, seat, e) {
				p.Add(ActParleyEnemy+game.ActionCode(k), int32(e), 0) // an enemy's ⮕ Parley (LCG §3 Parley)
			}
		}
		if s.canResign(seat) {
			p.Add(ActResign, 0, 0)
		}
		if h := s.scen().CanParley; h != nil && h(s, seat) {
			p.Add(ActParley, 0, 0)
		}
		if s.locAbilityUsable(seat) {
			p.Add(ActLocation+game.ActionCode(loc), int32(loc), 0) // your location's ⮕ ability (LCG §3 Activate)
		}
		if s.actAbilityUsable(seat) {
			p.Add(ActAdvanceAct, 0, 1) // the act's ⮕ ability (Arg2 1: not the fast advance)
		}
		if s.hookLive {
			host := s.LocInst[loc]
			for _, a := range s.Board {
				if host >= 0 && s.Cards[a].Host == host {
					if h := s.hook(a); h != nil && h.boardOpts != nil {
						h.boardOpts(s, seat, a, p) // an attachment's ⮕ ability (LCG §3 Activate)
					}
				}
			}
		}
		for t, id := range v.Threat {
			if t < MaxThreat && s.threatActionUsable(seat, id) {
				p.Add(ActThreat+game.ActionCode(t), int32(id), 0)
			}
		}
	}
	// ⮕ abilities on cards in play (LCG §3 Activate); Tome abilities may use
	// Daisy Walker's extra action.
	for pi, id := range v.Play {
		if pi >= MaxPlay {
			break
		}
		for a := 0; a < 2; a++ {
			if s.actionAbilityUsable(seat, id, a) {
				p.Add(ActAbility+game.ActionCode(2*pi+a), int32(id), int32(a))
			}
		}
	}
}

// doTurnOption carries out an option of the action prompt.
func (s *State) doTurnOption(seat int, o game.Option) {
	c := o.Code
	switch {
	case c == ActInvestigate:
		s.takeAction(seat, akInvestigate, o.Arg, -1, 1, false)
	case c == ActDraw:
		s.takeAction(seat, akDraw, -1, -1, 1, false)
	case c == ActResource:
		s.takeAction(seat, akResource, -1, -1, 1, false)
	case c == ActResign:
		s.takeAction(seat, akResign, -1, -1, 1, false)
	case c == ActParley:
		s.takeAction(seat, akParley, -1, -1, 1, false)
	case c >= ActMove && c < ActMove+MaxLocations:
		s.takeAction(seat, akMove, o.Arg, -1, 1, false)
	case c >= ActFight && c < ActFight+MaxEnemies:
		s.takeAction(seat, akFight, o.Arg, -1, 1, false)
	case c >= ActEngage && c < ActEngage+MaxEnemies:
		s.takeAction(seat, akEngage, o.Arg, -1, 1, false)
	case c >= ActEvade && c < ActEvade+MaxEnemies:
		s.takeAction(seat, akEvade, o.Arg, -1, 1, false)
	case (c >= ActPlay && c < ActPlay+MaxHand || c == ActPlayDiscard) && !s.isFastCard(int16(o.Arg)):
		s.takeAction(seat, akPlay, -1, o.Arg, 1, false)
	case c >= ActParleyEnemy && c < ActParleyEnemy+MaxEnemies:
		if h := s.hook(int16(o.Arg)); h != nil && h.parleyPay != nil {
			h.parleyPay(s, seat, int16(o.Arg)) // the ability's cost, paid with the action (Mob Enforcer)
		}
		s.takeAction(seat, akParleyEnemy, o.Arg, -1, 1, false)
	case c >= ActLocation && c < ActLocation+MaxLocations:
		s.takeAction(seat, akLocAbility, o.Arg, -1, 1, false)
	case c == ActAdvanceAct && o.Arg2 == 1:
		s.takeAction(seat, akActAbility, -1, -1, 1, false)
	case c >= ActChoose && c < ActChoose+MaxChoice:
		s.takeAction(seat, akBoard, int32(c-ActChoose), o.Arg, 1, false)
	case c >= ActThreat && c < ActThreat+MaxThreat && s.threatCost(int16(o.Arg)) > 0:
		s.takeAction(seat, akThreat, -1, o.Arg, s.threatCost(int16(o.Arg)), false)
	case c >= ActAbility && c < ActAbility+2*MaxPlay && s.isActionAbility(int16(o.Arg), int(o.Arg2)):
		s.useActionAbility(seat, int16(o.Arg), int(o.Arg2))
	default:
		s.doFast(seat, o)
	}
}

// takeAction pays for an action and pushes it (LCG §4: costs, then attacks
// of opportunity, then effects). Playing an event whose ability is a Fight
// or Evade (Backstab, Blinding Light, Cunning Distraction) is also that
// action (LCG §3 Ability, action designators): it costs and provokes as one
// (Frame B holds the designated kind + 1).
func (s *State) takeAction(seat int, kind, tgt, src int32, base int8, tome bool) {
	as := kind
	if kind == akPlay {
		if d := playDesignator(s.Cards[src].Def); d >= 0 {
			as = d
		}
	}
	if kind == akParleyEnemy {
		if h := s.hook(int16(tgt)); h != nil && h.parleyProvokes {
			as = akLocAbility // not a Parley: an ability that provokes (LCG §3 Attack of Opportunity)
		}
	}
	cost := s.actionCost(seat, as, base)
	s.spend(seat, as, cost, tome)
	s.log.Add(evAction, game.AgentID(seat), kind, tgt, src)
	if kind == akPlay {
		s.payForCard(seat, int16(src)) // LCG §4 step 2: pay all costs
	}
	s.push(opAct, seat, src, tgt, kind, as+1)
}

// playDesignator returns the action an event's ability designates (LCG §3
// Ability: "Action designators … Resolving such an ability performs that
// action"): akFight for Backstab, akEvade for Blinding Light and Cunning
// Distraction, or -1.
func playDesignator(d cards.ID) int32 {
	if h := hooksOf[d]; h != nil && h.designates != 0 {
		return h.designates
	}
	return -1
}

// provokes reports whether an action of this kind provokes attacks of
// opportunity (LCG §3 Attack of Opportunity: not Fight, Evade, Parley, Resign).
func provokes(kind int32) bool {
	return kind != akFight && kind != akEvade && kind != akParley && kind != akResign && kind != akParleyEnemy
}

// hAct resolves an action: step 0 attacks of opportunity, step 1 effects.
func (s *State) hAct(f *game.Frame) game.Control {
	seat := int(f.Who)
	if f.Step == 0 {
		f.Step = 1
		as := f.A
		if f.B > 0 {
			as = f.B - 1 // the action an event's ability designates (takeAction)
		}
		if provokes(as) {
			s.push(opAoO, seat, -1, -1, 0, 0) // LCG §3 Attack of Opportunity, §4
		}
		return game.Again
	}
	if !s.inGame(seat) {
		// LCG §3 Attack of Opportunity [GAP]: a defeated investigator's action does nothing.
		if f.A == akPlay {
			s.discardCard(int16(f.Src))
		}
		return game.Done
	}
	if (f.A == akFight || f.A == akEngage || f.A == akEvade || f.A == akParleyEnemy) &&
		(s.enemySlot(int16(f.Tgt)) < 0 || s.Cards[f.Tgt].Loc != s.Inv[seat].Loc) {
		return game.Done // the target left play or the location during the attacks of opportunity
	}
	if f.A == akMove && !s.canMove(seat, int(f.Tgt)) {
		return game.Done
	}
	switch f.A {
	case akInvestigate:
		s.startInvestigate(seat, -1, 0)
	case akMove:
		s.startMove(seat, int(f.Tgt), true) // LCG §3 Move (action); Twisting Paths' test first
	case akDraw:
		s.push(opDraw, seat, -1, -1, 1, 0) // LCG §3 Draw (action)
	case akResource:
		s.gainResources(seat, 1) // LCG §3 Resource (action)
	case akPlay:
		s.resolvePlayed(seat, int16(f.Src))
	case akFight:
		s.startFight(seat, int16(f.Tgt), -1, 0, 0)
	case akEngage:
		s.engageQuiet(int16(f.Tgt), seat) // LCG §3 Engage (action): you engage it
	case akEvade:
		s.startEvade(seat, int16(f.Tgt), -1, 0)
	case akResign:
		s.eliminate(seat, OutResigned) // LCG §3 Resign
	case akParley:
		s.scen().ParleyTest(s, seat) // a scenario card's Parley (The Gathering: the Parlor's, for Lita)
	case akThreat:
		s.resolveThreatAction(seat, int16(f.Src))
	case akParleyEnemy:
		if e := int16(f.Tgt); s.hook(e) != nil && s.hook(e).parleyRun != nil {
			s.hook(e).parleyRun(s, seat, e) // the enemy's ⮕ Parley (cardHooks)
		}
	case akLocAbility:
		if s.Inv[seat].Loc == int8(f.Tgt) {
			s.locDef(int(f.Tgt)).Ability.Run(s, seat)
		}
	case akActAbility:
		// LCG §3 Act Deck: the clues are the cost, spent as a group (the lead
		// chooses who pays, team.go), then the ability resolves.
		st := &s.scen().Acts[s.Act]
		s.push(opEffect, seat, -1, -1, effActAbility, int32(s.Act))
		if st.AbilityOwnClues {
			s.Inv[seat].Clues -= st.AbilityClues // "spend 1 clue": the user's own
			break
		}
		s.payGroupClues(int(st.AbilityClues)*int(s.N), s.spendableMask())
	case akBoard:
		if id := int16(f.Src); s.Cards[id].Zone == ZoneBoard && s.Cards[id].Loc == s.Inv[seat].Loc {
			if h := s.hook(id); h != nil && h.boardRun != nil {
				o := game.Option{Code: ActChoose + game.ActionCode(f.Tgt), Arg: f.Src, Arg2: f.Tgt}
				h.boardRun(s, seat, id, o)
			}
		}
	}
	return s.cont(game.Done)
}

// hAoO resolves attacks of opportunity against the acting investigator: each
// ready engaged enemy attacks, in the order the investigator chooses, and does
// not exhaust (LCG §3 Attack of Opportunity, §12.7 ready only).
func (s *State) hAoO(f *game.Frame) game.Control {
	seat := int(f.Who)
	if !s.inGame(seat) {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		e := s.chosen(f).Arg
		f.A |= 1 << uint(s.enemySlot(int16(e)))
		s.push(opAttack, seat, e, int32(seat), atkOpportunity, 0)
		return game.Again
	}
	p := s.ask(seat, PkOrder, -1)
	for k, e := range s.Enemies {
		if k < MaxEnemies && e >= 0 && f.A&(1<<uint(k)) == 0 && s.engagedWith(e, seat) && !s.Cards[e].Exhausted {
			p.Add(ActEnemy+game.ActionCode(k), int32(e), 0)
		}
	}
	switch len(p.Options) {
	case 0:
		return game.Done
	case 1:
		e := p.Options[0].Arg
		f.A |= 1 << uint(s.enemySlot(int16(e)))
		s.push(opAttack, seat, e, int32(seat), atkOpportunity, 0)
		return game.Again
	}
	return game.Wait
}

// bonusActions counts extra actions per turn from cards in play (Leo De Luca).
func (s *State) bonusActions(seat int) int8 {
	n := int8(0)
	for _, id := range s.Inv[seat].Play {
		d := s.Cards[id].Def
		if h := hooksOf[d]; h != nil && h.extraAction {
			n++
		}
	}
	return n
}
