package lcg

import (
	"fmt"
	"slices"

	"github.com/mythos-rl/mythos/env/game"
)

// Table is what one seat may know of the table, for drawings (package
// render): the same public information Render writes in words. Others' hands
// are counts; decks are sizes; unrevealed locations show no clues or shroud.
type Table struct {
	Round            int
	Phase            string
	Lead             string
	Over             string // the resolution, "" while playing
	Agenda, Act      string
	Doom, DoomNeeded int
	ActClues         int // clues the act asks the group to spend, or 0
	GroupClues       int
	Objective        string
	Locations        []TableLocation
	Enemies          []string
	Investigators    []TableInvestigator
	Bag              []string // the chaos bag, sorted
	Test             string   // the skill test in progress, or ""
	// Spectator marks the view of a spectator of a recorded game
	// (SpectatorView): every hand is listed, decks are still sizes.
	Spectator bool
}

// TableLocation is a location in play.
type TableLocation struct {
	Slot         int
	Name         string
	Revealed     bool
	Shroud       int
	Clues        int
	Connects     []int // slots
	Investigator []int // seats here
	Enemies      int   // enemies here
}

// TableInvestigator is one investigator.
type TableInvestigator struct {
	Seat                 int
	Name, Where          string
	Out                  bool
	Willpower, Intellect int
	Combat, Agility      int
	Resources, Clues     int
	Damage, Health       int
	Horror, Sanity       int
	Actions              int // left on its own turn, else -1
	Deck, Discard        int
	InPlay, Threat, Hand []string
	HandSize             int
	Viewer               bool // the viewing seat: Hand lists its cards
}

// TableView builds what viewer may know of s (LCG §3: hands are private).
func (s *State) TableView(viewer game.AgentID) *Table {
	return s.tableView(viewer, false)
}

// SpectatorView builds what a spectator of a recorded game may see of s:
// every investigator's hand and threat area, as a person who watches over
// every player's shoulder sees them (LCG §3 hides hands from the other
// players, not from the record), but no deck's or the encounter deck's
// order, which no player knows (LCG §12.4): decks are sizes, as in
// TableView.
func (s *State) SpectatorView() *Table {
	return s.tableView(game.NoAgent, true)
}

func (s *State) tableView(viewer game.AgentID, spectator bool) *Table {
	t := &Table{Spectator: spectator, Round: int(s.Round), Phase: fmt.Sprint(s.Phase), Lead: s.seatName(int(s.Lead)),
		Doom: s.doomInPlay(), DoomNeeded: s.agendaThreshold(), ActClues: s.actClues(), GroupClues: s.groupClues()}
	if s.over {
		t.Over = s.resolution(s.Resolution).Name
	}
	ag, ac := def(s.AgendaCard()), def(s.ActCard())
	t.Agenda = fmt.Sprintf("Agenda %d: %s", s.Agenda+1, ag.Name)
	t.Act = fmt.Sprintf("Act %d: %s", s.Act+1, ac.Name)
	if t.ActClues == 0 {
		t.Objective = s.scen().Acts[min(int(s.Act), len(s.scen().Acts)-1)].Objective
	}
	for k := 0; k < MaxLocations; k++ {
		if !s.locInPlay(k) {
			continue
		}
		c := &s.Cards[s.LocInst[k]]
		l := TableLocation{Slot: k, Name: s.locName(k), Revealed: c.Revealed}
		if c.Revealed {
			l.Shroud, l.Clues = s.shroud(k), int(c.Clues)
		}
		for j := 0; j < MaxLocations; j++ {
			if s.connected(k, j) {
				l.Connects = append(l.Connects, j)
			}
		}
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) && int(s.Inv[i].Loc) == k {
				l.Investigator = append(l.Investigator, i)
			}
		}
		for _, e := range s.Enemies {
			if e >= 0 && int(s.Cards[e].Loc) == k {
				l.Enemies++
			}
		}
		t.Locations = append(t.Locations, l)
	}
	for _, e := range s.Enemies {
		if e < 0 {
			continue
		}
		c := &s.Cards[e]
		line := fmt.Sprintf("%s at the %s: fight %d, health %d/%d, evade %d", s.numbered(e), s.locName(int(c.Loc)),
			s.enemyFight(e), s.enemyHealth(e)-int(c.Damage), s.enemyHealth(e), s.enemyEvade(e))
		if c.Zone == ZoneThreat {
			line += "; engaged with " + s.seatName(int(c.Ctrl))
		}
		for _, st := range s.enemyStatus(e) {
			line += "; " + st
		}
		t.Enemies = append(t.Enemies, line)
	}
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		d := def(v.Def)
		ti := TableInvestigator{Seat: i, Name: d.Name, Where: s.locName(int(v.Loc)), Out: v.Out != OutNone,
			Willpower: s.baseSkill(i, 0), Intellect: s.baseSkill(i, 1), Combat: s.baseSkill(i, 2), Agility: s.baseSkill(i, 3),
			Resources: int(v.Resources), Clues: int(v.Clues), Damage: int(v.Damage), Health: int(d.Health), Horror: int(v.Horror),
			Sanity: int(d.Sanity), Actions: -1, Deck: len(v.Deck), Discard: len(v.Discard), HandSize: len(v.Hand), Viewer: game.AgentID(i) == viewer}
		// Actions are counted only on the investigator's own turn (LCG §5.2 2.2.1).
		if s.Phase == PhaseInvestigation && int(s.Active) == i && v.Out == OutNone {
			ti.Actions = int(v.Actions)
		}
		for _, id := range v.Play {
			ti.InPlay = append(ti.InPlay, s.withStatus(id))
		}
		for _, id := range v.Threat {
			if s.card(id).Type != typeEnemy {
				ti.Threat = append(ti.Threat, s.withStatus(id))
			}
		}
		if ti.Viewer || spectator {
			for _, id := range v.Hand {
				ti.Hand = append(ti.Hand, s.numbered(id))
			}
		}
		t.Investigators = append(t.Investigators, ti)
	}
	bag := slices.Clone(s.Bag)
	slices.Sort(bag)
	for _, tok := range bag {
		t.Bag = append(t.Bag, TokenName(tok))
	}
	if len(s.Tests) > 0 {
		ts := s.test()
		t.Test = fmt.Sprintf("%s tests %s against %d (skill now %d)", s.seatName(int(ts.Tester)), skillNames[ts.Skill], s.difficulty(ts), s.skillValue(ts))
	}
	return t
}
