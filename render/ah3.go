package render

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// AH3View is what one seat of Arkham Horror 3e may know of the table: the
// board, the codex, the scenario sheet, the mythos cup's counts and every
// investigator are open; deck orders and face-down condition cards are not
// (the view names a condition, never its face, AH3 479.7). A spectator's
// view (viewer Spectator) is the same information, every investigator's
// assets listed in full, and says so in its header: nothing in AH3 is
// known to one investigator only, and which card a face-down condition is
// no player knows, its owner included.
type AH3View struct {
	Viewer       int
	Spectator    bool
	Title        string
	Round        int
	Phase        string
	Outcome      string
	SheetDoom    int
	SheetClues   int
	Tracks       []string // the codex's doom and clue thresholds, in words
	Unstable     []string
	Codex        []string
	Rumor        string
	Cup          []string // "two spread doom", ...
	Decks        string
	Spaces       []AH3Space
	Hoods        []AH3Hood
	Investigator []AH3Investigator
	Acting       int // the seat asked, or -1
	scenario     *content.Scenario
}

// AH3Space is one space of the map with what lies on it.
type AH3Space struct {
	Name         string
	Hood         int    // neighborhood index, -1 a street
	Street       string // street type, "" for a neighborhood space
	Adjacent     []int
	Doom         int
	Markers      int
	Investigator []int    // seats
	Monsters     []string // "Ghoul 2/3 ready"
}

// AH3Hood is one neighborhood's centre.
type AH3Hood struct {
	Name    string
	Clues   int
	Anomaly bool
}

// AH3Investigator is one seat's investigator.
type AH3Investigator struct {
	Seat                   int
	Name, Where            string
	Health, MaxHealth      int
	Sanity, MaxSanity      int
	Money, Clues, Remnants int
	Skills                 string
	Lead, Delayed, Spent   bool
	ActionsLeft            int // on its action-phase turn (AH3 201.1), else -1
	Assets                 []string
}

var skillAbbrev = [...]string{"obs", "will", "lore", "infl", "str"}

// tokenWords names the mythos cup's tokens for people.
var tokenWords = [...]string{"spread doom", "spawn monster", "spawn clue", "headline", "gate burst", "reckoning", "blank"}

// NewAH3View builds seat viewer's view of s.
func NewAH3View(s *ah3.State, viewer game.AgentID) *AH3View {
	g := s.Game()
	sc := g.Sc
	v := &AH3View{Viewer: int(viewer), Spectator: viewer == Spectator, Title: sc.Title, Round: int(s.Round), Phase: s.Phase.String(),
		SheetDoom: int(s.SheetDoom), SheetClues: int(s.SheetClues), Acting: -1, scenario: sc}
	switch s.Outcome {
	case ah3.OutcomeWin:
		v.Outcome = "won"
	case ah3.OutcomeLoss:
		v.Outcome = "lost"
	case ah3.OutcomeTruncated:
		v.Outcome = "stopped at the round cap"
	}
	for k := 0; s.Unstable(k) >= 0; k++ {
		v.Unstable = append(v.Unstable, sc.Spaces[s.Unstable(k)].Name)
	}
	for i := 0; i < int(s.NCodex); i++ {
		a := &sc.Archive[s.Codex[i]]
		v.Codex = append(v.Codex, fmt.Sprintf("[%d] %s", a.Number, a.Name))
		if a.DoomAt > 0 {
			v.Tracks = append(v.Tracks, fmt.Sprintf("doom %d of %d: card %d", s.SheetDoom, a.DoomAt, a.Number))
		}
		if a.ClueNeed > 0 {
			v.Tracks = append(v.Tracks, fmt.Sprintf("clues %d of %d: card %d", s.SheetClues, a.ClueNeed, a.Number))
		}
	}
	if s.Rumor >= 0 {
		v.Rumor = fmt.Sprintf("%s (%d markers)", sc.Headlines[s.Rumor].Name, s.Markers)
	}
	for k, n := range s.Cup {
		if n > 0 {
			v.Cup = append(v.Cup, words(int(n))+" "+tokenWords[k])
		}
	}
	v.Decks = fmt.Sprintf("events %d (discard %d) · monsters %d · headlines %d · items %d · spells %d · allies %d",
		s.Event.N, s.EventDiscard.N, s.MonsterDeck.N, s.Headlines.N, s.Items.N, s.Spells.N, s.Allies.N)
	for h, nb := range sc.Neighborhoods {
		v.Hoods = append(v.Hoods, AH3Hood{Name: nb.Name, Clues: int(s.Clues[h]), Anomaly: s.Anomaly[h]})
	}
	seatName := func(i int) string {
		if inv := s.Seats[i].Inv; inv >= 0 {
			return sc.Investigators[inv].Name
		}
		return fmt.Sprintf("seat %d", i)
	}
	kinds := g.MonsterKinds()
	for i, sp := range sc.Spaces {
		as := AH3Space{Name: sp.Name, Hood: sp.Neighborhood, Adjacent: sp.Adjacent, Doom: int(s.Doom[i]), Markers: int(s.SpaceMarkers[i])}
		if sp.Street != content.NotStreet {
			as.Street = content.StreetTypeNames[sp.Street]
		}
		for seat := 0; seat < int(s.N); seat++ {
			if s.Seats[seat].Inv >= 0 && int(s.Seats[seat].Space) == i {
				as.Investigator = append(as.Investigator, seat)
			}
		}
		for m := range s.Monsters {
			mo := &s.Monsters[m]
			if mo.Kind < 0 || int(mo.Space) != i {
				continue
			}
			st := [...]string{"ready", "exhausted", "engaged"}[mo.Status]
			if mo.Engaged != 0 {
				var with []string
				for seat := 0; seat < int(s.N); seat++ {
					if mo.Engaged&(1<<seat) != 0 {
						with = append(with, seatName(seat))
					}
				}
				st = "engaged with " + strings.Join(with, ", ")
			}
			as.Monsters = append(as.Monsters, fmt.Sprintf("%s %d/%d %s", kinds[mo.Kind].Name, int(mo.Health)-int(mo.Damage), mo.Health, st))
		}
		v.Spaces = append(v.Spaces, as)
	}
	for i := 0; i < int(s.N); i++ {
		st := &s.Seats[i]
		if st.Inv < 0 {
			continue
		}
		inv := &sc.Investigators[st.Inv]
		ai := AH3Investigator{Seat: i, Name: inv.Name, Where: sc.Spaces[st.Space].Name, Health: inv.Health - int(st.Damage), MaxHealth: inv.Health,
			Sanity: inv.Sanity - int(st.Horror), MaxSanity: inv.Sanity, Money: int(st.Money), Clues: int(st.Clues), Remnants: int(st.Remnants),
			Lead: int8(i) == s.Lead, Delayed: st.Delayed, Spent: !st.Active, ActionsLeft: -1}
		var sk []string
		for k := 0; k < 5; k++ {
			sk = append(sk, fmt.Sprintf("%s %d", skillAbbrev[k], inv.Skills[k]+int(st.Tokens[k])))
		}
		ai.Skills = strings.Join(sk, " · ")
		for k := 0; k < int(st.NAssets); k++ {
			a := &st.Assets[k]
			def := &sc.Assets[a.Card]
			name := def.Name
			if def.Kind == content.Condition {
				name = def.Condition + " (condition)" // face down (AH3 479.7)
			}
			if a.Damage > 0 || a.Horror > 0 {
				name += fmt.Sprintf(" [%d damage, %d horror]", a.Damage, a.Horror)
			}
			ai.Assets = append(ai.Assets, name)
		}
		v.Investigator = append(v.Investigator, ai)
	}
	if a := int(s.Prompt().Actor); a >= 0 && a < int(s.N) && !s.Over() {
		v.Acting = a
		// Two actions a turn (AH3 201.1).
		if s.Phase == ah3.PhaseAction {
			for k := range v.Investigator {
				if v.Investigator[k].Seat == a {
					v.Investigator[k].ActionsLeft = max(2-int(s.Seats[a].Taken), 0)
				}
			}
		}
	}
	return v
}

// Map area of the drawing.
const (
	ahMapX, ahMapY, ahMapW, ahMapH = 70.0, 80.0, 640.0, 640.0
)

var ahLayouts sync.Map // *content.Scenario → [][2]float64

// spacePositions lays the scenario's map out once: a graph of spaces along
// their adjacencies, the spaces of a neighborhood kept together.
func spacePositions(sc *content.Scenario) [][2]float64 {
	if p, ok := ahLayouts.Load(sc); ok {
		return p.([][2]float64)
	}
	// Each neighborhood's centre is a node of its own (after the spaces),
	// tied to its three spaces, so that they sit around it.
	var edges [][2]int
	n := len(sc.Spaces)
	for i, sp := range sc.Spaces {
		for _, j := range sp.Adjacent {
			if j > i {
				edges = append(edges, [2]int{i, j})
			}
		}
		if sp.Neighborhood >= 0 {
			edges = append(edges, [2]int{i, n + sp.Neighborhood})
		}
	}
	p := layoutGraph(n+len(sc.Neighborhoods), edges, nil, ahMapW, ahMapH)
	tileHoods(sc, p)
	ahLayouts.Store(sc, p)
	return p
}

// tileHoods sets each neighborhood's three spaces around its centre like
// the tile's (AH3 472): at 120° apart, turned and ordered so that each space
// lies nearest the spaces it connects to outside the neighborhood.
func tileHoods(sc *content.Scenario, p [][2]float64) {
	const r = 62.0
	n := len(sc.Spaces)
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for h, nb := range sc.Neighborhoods {
		c := p[n+h]
		c[0] = math.Min(ahMapW-r, math.Max(r, c[0]))
		c[1] = math.Min(ahMapH-r, math.Max(r, c[1]))
		p[n+h] = c
		best, bestCost := [3][2]float64{}, math.Inf(1)
		for turn := 0; turn < 24; turn++ {
			for _, pm := range perms {
				var at [3][2]float64
				cost := 0.0
				for k := 0; k < 3; k++ {
					a := 2*math.Pi*float64(turn)/24 + 2*math.Pi*float64(pm[k])/3
					at[k] = [2]float64{c[0] + r*math.Cos(a), c[1] + r*math.Sin(a)}
					for _, j := range sc.Spaces[nb.Spaces[k]].Adjacent {
						if sc.Spaces[j].Neighborhood != h {
							cost += math.Hypot(at[k][0]-p[j][0], at[k][1]-p[j][1])
						}
					}
				}
				if cost < bestCost {
					best, bestCost = at, cost
				}
			}
		}
		for k := 0; k < 3; k++ {
			p[nb.Spaces[k]] = best[k]
		}
	}
}

var hoodColors = []Color{RGB(0x4a, 0x6a, 0x9a), RGB(0x7a, 0x5a, 0x9a), RGB(0x5a, 0x8a, 0x6a), RGB(0x9a, 0x6a, 0x4a),
	RGB(0x8a, 0x4a, 0x6a), RGB(0x4a, 0x8a, 0x8a), RGB(0x8a, 0x8a, 0x4a), RGB(0x6a, 0x6a, 0x6a)}

// Draw lays the view out: the map as a graph on the left, the scenario
// sheet, codex, cup and investigators on the right.
func (v *AH3View) Draw() *Scene {
	s := NewScene(Width, Height, bgColor)
	s.Text(30, 34, 20, inkColor, Start, true, 560, "Arkham Horror — "+v.Title)
	sub := fmt.Sprintf("round %d · %s phase", v.Round, v.Phase)
	s.Text(30, 58, 14, dimColor, Start, false, 560, sub)
	if v.Spectator {
		spectatorBadge(s, 30+measure(sub, 14, false)+14, 58, Start)
	}
	pos := spacePositions(v.scenario)
	at := func(i int) (float64, float64) { return ahMapX + pos[i][0], ahMapY + pos[i][1] }
	// Neighborhood halos behind their spaces, named at their centre.
	for h, hd := range v.Hoods {
		cx, cy := at(len(v.Spaces) + h)
		c := hoodColors[h%len(hoodColors)]
		s.Circle(cx, cy, 86, c.Alpha(70), c.Alpha(160), 1.5)
		if hd.Anomaly {
			s.Circle(cx, cy, 86, None, purpColor, 4)
		}
		// The name above the tile; the centre's clues as a gold badge.
		label := hd.Name
		if hd.Anomaly {
			label += " — ANOMALY"
		}
		ny := cy - 92
		if ny < 48 {
			ny = cy + 100
		}
		s.Text(cx, ny, 12, inkColor, Middle, true, 200, label)
		if hd.Clues > 0 {
			s.Circle(cx, cy, 13, goldColor, None, 0)
			s.Text(cx, cy+5, 13, RGB(0x10, 0x10, 0x10), Middle, true, 0, fmt.Sprint(hd.Clues))
		}
	}
	// Connections (AH3 476).
	for i, sp := range v.Spaces {
		for _, j := range sp.Adjacent {
			if j > i {
				x1, y1 := at(i)
				x2, y2 := at(j)
				s.Line(x1, y1, x2, y2, RGB(0xb8, 0xb0, 0x98), 2)
			}
		}
	}
	for i, sp := range v.Spaces {
		x, y := at(i)
		if sp.Hood < 0 {
			s.RoundRect(x-20, y-11, 40, 22, 6, RGB(0x5a, 0x5a, 0x58), inkColor, 1)
		} else {
			s.Circle(x, y, 16, hoodColors[sp.Hood%len(hoodColors)], inkColor, 1.5)
		}
		s.Text(x, y+28, 10, inkColor, Middle, false, 120, sp.Name)
		if sp.Doom > 0 {
			s.Circle(x+16, y-14, 9, redColor, None, 0)
			s.Text(x+16, y-10, 11, RGB(0xff, 0xff, 0xff), Middle, true, 0, fmt.Sprint(sp.Doom))
		}
		for k, seat := range sp.Investigator {
			cx := x - 10 + float64(k)*11
			s.Circle(cx, y, 8, blueColor, RGB(0xff, 0xff, 0xff), 1.5)
			s.Text(cx, y+4, 10, RGB(0xff, 0xff, 0xff), Middle, true, 0, fmt.Sprint(seat+1))
		}
		for k, m := range sp.Monsters {
			s.Text(x, y+40+float64(k)*11, 9, RGB(0xff, 0x90, 0x80), Middle, true, 140, m)
		}
	}
	// Legend, under the map.
	ly := float64(Height) - 14
	s.Circle(40, ly-4, 7, redColor, None, 0)
	s.Text(52, ly, 11, dimColor, Start, false, 0, "doom")
	s.Circle(100, ly-4, 7, goldColor, None, 0)
	s.Text(112, ly, 11, dimColor, Start, false, 0, "clues in a neighborhood's centre")
	s.Circle(300, ly-4, 7, blueColor, None, 0)
	s.Text(312, ly, 11, dimColor, Start, false, 0, "investigator (seat)")
	s.RoundRect(430, ly-11, 24, 14, 4, RGB(0x5a, 0x5a, 0x58), inkColor, 1)
	s.Text(460, ly, 11, dimColor, Start, false, 0, "street")
	s.Text(510, ly, 11, RGB(0xff, 0x90, 0x80), Start, true, 0, "monster health/max state")
	p := &pen{s: s, x: 790, y: 14, w: 476}
	if v.Outcome != "" {
		p.title("The investigators have " + v.Outcome)
	}
	p.title("Scenario sheet")
	p.line(13, inkColor, false, "doom %d · clues %d", v.SheetDoom, v.SheetClues)
	for _, t := range v.Tracks {
		p.line(12, inkColor, false, "%s", t)
	}
	p.line(12, dimColor, false, "unstable: %s", strings.Join(v.Unstable, ", "))
	p.title("Codex")
	for _, c := range v.Codex {
		p.line(12, inkColor, false, "%s", c)
	}
	if v.Rumor != "" {
		p.line(12, goldColor, false, "rumor: %s", v.Rumor)
	}
	p.title("Mythos cup")
	for k := 0; k < len(v.Cup); k += 4 {
		p.line(12, inkColor, false, "%s", strings.Join(v.Cup[k:min(k+4, len(v.Cup))], ", "))
	}
	p.line(11, dimColor, false, "%s", v.Decks)
	p.title("Investigators")
	for _, iv := range v.Investigator {
		c := inkColor
		mark := ""
		if iv.Seat == v.Acting {
			c, mark = goldColor, " — acting"
		}
		if iv.Lead {
			mark += " (lead)"
		}
		s.Circle(p.x+8, p.y+9, 9, blueColor, None, 0)
		s.Text(p.x+8, p.y+13, 11, RGB(0xff, 0xff, 0xff), Middle, true, 0, fmt.Sprint(iv.Seat+1))
		p.x += 22
		p.w -= 22
		p.line(13, c, true, "%s at %s%s", iv.Name, iv.Where, mark)
		flags := ""
		if iv.Delayed {
			flags += " · delayed"
		}
		if iv.Spent {
			flags += " · activation spent"
		}
		if iv.ActionsLeft >= 0 {
			flags += " · " + count(iv.ActionsLeft, "action") + " left"
		}
		p.line(12, inkColor, false, "health %d/%d · sanity %d/%d · $%d · clues %d · remnants %d%s",
			iv.Health, iv.MaxHealth, iv.Sanity, iv.MaxSanity, iv.Money, iv.Clues, iv.Remnants, flags)
		p.line(12, dimColor, false, "%s", iv.Skills)
		if iv.Seat == v.Acting || v.Spectator {
			for _, a := range iv.Assets {
				p.line(12, inkColor, false, "• %s", a)
			}
		} else if len(iv.Assets) > 0 {
			p.line(11, dimColor, false, "assets: %s", strings.Join(iv.Assets, ", "))
		}
		p.x -= 22
		p.w += 22
		p.gap(3)
	}
	return s
}
