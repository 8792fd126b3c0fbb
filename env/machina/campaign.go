package machina

import "github.com/mythos-rl/mythos/env/game"

// The campaign (MA §5.4): surviving pioneers go on into the next game. With
// Config.Campaign = K an episode is a campaign of K games of the scenario
// (the content ships one): a victory that is not the last game's opens the
// keep phase — each survivor, in seat order, keeps any of its item cards and
// personal events (PromptKeep: Item i or Choice k, one a prompt, Pass to stop;
// the rest is dropped) — and the next game is set up as usual, then: the
// kept cards go to their owners (out of the new decks), every survivor uses
// its inventory for free (MA §13.11), starts at full health and 0
// inspiration, chapter 1's ENTER effects resolve, and danger rises once per
// point of the highest preparedness among the survivors (level-N item N,
// personal event 2). The dead stay dead (no new pioneer replaces them; their
// seats control the monsters as before, MA §19.3). A defeat ends the
// campaign at once; the last game's victory is the campaign's (R-CAMPAIGN).

// Campaign steps resolved by run between frames.
const (
	campaignNone int8 = iota
	campaignKeep      // a game was won: the keep phase opens
	campaignNext      // the keep phase is over: the next game is set up
)

// campaignGoesOn reports whether a victory now leads to another game.
func (s *State) campaignGoesOn(result int8) bool {
	return result > 0 && s.cfg.Campaign > 0 && int(s.Game)+1 < s.cfg.Campaign && s.alivePioneers() > 0
}

// doKeep asks survivor f.Tgt which card to keep next, or Pass; then the next
// survivor; after the last it asks run for the next game.
func (s *State) doKeep(f *game.Frame) game.Control {
	q := int(f.Tgt)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		switch {
		case o.Code == CodePass:
			q++
		case o.Code >= CodeItem && o.Code < CodeItem+MaxItems:
			s.KeptItems[o.Arg] = true
		default:
			s.KeptEvents[o.Arg] = true
		}
	}
	for ; q < int(s.N); q++ {
		if !s.P[q].Alive {
			continue
		}
		s.ask(game.AgentID(q), PromptKeep, -1)
		s.opt(CodePass, -1, 0)
		for i := range s.ct.Items {
			it := &s.Items[i]
			if int(it.Owner) == q && (it.Zone == ZoneInventory || it.Zone == ZoneEquipped) && !s.KeptItems[i] {
				s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
			}
		}
		for k := 0; k < int(s.P[q].PersonalN); k++ {
			if e := s.P[q].Personal[k]; !s.KeptEvents[e] {
				s.opt(CodeChoice+game.ActionCode(k), int32(e), 0)
			}
		}
		if len(s.prompt.Options) > 1 {
			f.Tgt, f.Who = int32(q), game.AgentID(q)
			return game.Wait
		}
	}
	s.campaign = campaignNext
	return game.Done
}

// nextGame sets up the campaign's next game on s (MA §5.4 step 3), carrying
// the survivors and their kept cards; the event log and the forced dice go on.
func (s *State) nextGame() {
	n := &State{ct: s.ct, sc: s.sc, cfg: s.cfg, info: s.info, rng: s.rng, N: s.N}
	n.Game = s.Game + 1
	n.setup()
	n.stack.Clear()
	prepared := 0
	dead := false
	for q := 0; q < int(s.N); q++ {
		p := &n.P[q]
		if !s.P[q].Alive {
			p.Alive, p.HP, p.Stamina = false, 0, 0
			dead = true
			continue
		}
		p.Insp = 0 // full health from setup; 0 inspiration (MA §5.4)
		level := 0
		for i := range s.ct.Items {
			it := &s.Items[i]
			if !s.KeptItems[i] || int(it.Owner) != q || (it.Zone != ZoneInventory && it.Zone != ZoneEquipped) {
				continue
			}
			n.takeItem(i)
			n.Items[i] = ItemState{Zone: ZoneInventory, Owner: int8(q), Host: -1}
			level += int(s.ct.Items[i].Level)
		}
		for k := 0; k < int(s.P[q].PersonalN); k++ {
			e := s.P[q].Personal[k]
			if !s.KeptEvents[e] {
				continue
			}
			n.takeEvent(int(e))
			n.Events[e] = EventState{Zone: ZonePersonal, Owner: int8(q)}
			p.Personal[p.PersonalN] = e
			p.PersonalN++
			level += 2
		}
		prepared = max(prepared, level)
	}
	n.MonsterSide = dead && !s.cfg.Cooperative // MA §19.1: the dead control the monsters
	// Bottom to top: the rounds, the danger, chapter 1, the free loadouts.
	n.push(opRound, game.NoAgent, -1, -1, 0, 0)
	if prepared > 0 {
		n.push(opDanger, game.NoAgent, -1, -1, int32(prepared), 0)
	}
	n.push(opChapterStart, game.NoAgent, -1, -1, 0, 1)
	for q := int(s.N) - 1; q >= 0; q-- {
		if n.P[q].Alive && n.hasLoadoutChoice(q) {
			n.push(opInventory, game.AgentID(q), -1, int32(q), 0, 0)
		}
	}
	log, prompt, scratch, forced := s.log, s.prompt, s.scratchOpts, s.Forced
	*s = *n
	s.log, s.prompt, s.scratchOpts, s.Forced = log, prompt, scratch, forced
	s.log.Add(evCampaign, game.NoAgent, int32(s.Game), int32(prepared), 0)
}
