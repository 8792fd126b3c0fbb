package render

import (
	"fmt"
	"strings"
	"sync"

	"github.com/mythos-rl/mythos/env/lcg"
)

// LCG map area of the drawing.
const (
	lcMapX, lcMapY, lcMapW, lcMapH = 90.0, 110.0, 560.0, 330.0
)

var lcgLayouts sync.Map // the locations' names and connections → positions

// locationPositions lays the locations in play out as a graph along their
// connections; a given set of locations and connections always gets the
// same places.
func locationPositions(t *lcg.Table) [][2]float64 {
	var key strings.Builder
	index := map[int]int{}
	for i, l := range t.Locations {
		index[l.Slot] = i
		fmt.Fprintf(&key, "%d%v;", l.Slot, l.Connects)
	}
	if p, ok := lcgLayouts.Load(key.String()); ok {
		return p.([][2]float64)
	}
	var edges [][2]int
	for i, l := range t.Locations {
		for _, c := range l.Connects {
			if j, ok := index[c]; ok && j > i {
				edges = append(edges, [2]int{i, j})
			}
		}
	}
	p := layoutGraph(len(t.Locations), edges, nil, lcMapW, lcMapH)
	lcgLayouts.Store(key.String(), p)
	return p
}

// DrawLCG lays out an Arkham Horror LCG table (lcg.State.TableView): the
// locations with their connections at the top left, act and agenda, the
// investigators, the viewing seat's hand (every hand for a spectator,
// marked in the header) and the chaos bag.
func DrawLCG(t *lcg.Table, title string) *Scene {
	s := NewScene(Width, Height, bgColor)
	s.Text(30, 34, 20, inkColor, Start, true, 600, "Arkham Horror: The Card Game — "+title)
	sub := fmt.Sprintf("round %d · %s phase", t.Round, t.Phase)
	s.Text(30, 58, 14, dimColor, Start, false, 600, sub)
	if t.Spectator {
		spectatorBadge(s, 30+measure(sub, 14, false)+14, 58, Start)
	}
	pos := locationPositions(t)
	index := map[int]int{}
	for i, l := range t.Locations {
		index[l.Slot] = i
	}
	at := func(i int) (float64, float64) { return lcMapX + pos[i][0], lcMapY + pos[i][1] }
	for i, l := range t.Locations {
		for _, c := range l.Connects {
			if j, ok := index[c]; ok && j > i {
				x1, y1 := at(i)
				x2, y2 := at(j)
				s.Line(x1, y1, x2, y2, RGB(0xb8, 0xb0, 0x98), 2)
			}
		}
	}
	for i, l := range t.Locations {
		x, y := at(i)
		fill := RGB(0x3a, 0x4a, 0x5a)
		if !l.Revealed {
			fill = RGB(0x44, 0x44, 0x48)
		}
		s.RoundRect(x-70, y-32, 140, 64, 8, fill, inkColor, 1.5)
		s.Text(x, y-15, 12, inkColor, Middle, true, 132, l.Name)
		if l.Revealed {
			s.Text(x, y+1, 11, inkColor, Middle, false, 132, fmt.Sprintf("shroud %d · %s", l.Shroud, count(l.Clues, "clue")))
		} else {
			s.Text(x, y+1, 11, dimColor, Middle, false, 132, "unrevealed")
		}
		for k, seat := range l.Investigator {
			cx := x - 56 + float64(k)*20
			s.Circle(cx, y+17, 8, blueColor, RGB(0xff, 0xff, 0xff), 1.5)
			s.Text(cx, y+21, 10, RGB(0xff, 0xff, 0xff), Middle, true, 0, fmt.Sprint(seat+1))
		}
		if l.Enemies > 0 {
			s.RoundRect(x+24, y+9, 42, 16, 4, redColor, None, 0)
			s.Text(x+45, y+21, 10, RGB(0xff, 0xff, 0xff), Middle, true, 0, fmt.Sprintf("%d enemy", l.Enemies))
		}
		if l.Clues > 0 {
			s.Circle(x+62, y-26, 9, goldColor, None, 0)
			s.Text(x+62, y-22, 11, RGB(0x10, 0x10, 0x10), Middle, true, 0, fmt.Sprint(l.Clues))
		}
	}
	// Below the map: enemies, the test in progress and the chaos bag.
	p := &pen{s: s, x: 30, y: 490, w: 700}
	p.title("Enemies")
	if len(t.Enemies) == 0 {
		p.line(12, dimColor, false, "none in play")
	}
	for _, e := range t.Enemies {
		p.line(12, RGB(0xff, 0xa0, 0x90), false, "%s", e)
	}
	if t.Test != "" {
		p.title("Skill test")
		p.line(13, goldColor, true, "%s", t.Test)
	}
	p.title("Chaos bag")
	for k := 0; k < len(t.Bag); k += 12 {
		p.line(12, inkColor, false, "%s", strings.Join(t.Bag[k:min(k+12, len(t.Bag))], " · "))
	}
	// Right column: act, agenda and the investigators.
	p = &pen{s: s, x: 760, y: 14, w: 506}
	if t.Over != "" {
		p.title("The game is over: " + t.Over)
	}
	p.title(t.Agenda)
	p.track("doom", t.Doom, t.DoomNeeded, redColor)
	p.title(t.Act)
	if t.ActClues > 0 {
		p.track("group clues", min(t.GroupClues, t.ActClues), t.ActClues, goldColor)
	} else {
		p.line(12, inkColor, false, "objective: %s", t.Objective)
	}
	p.line(12, dimColor, false, "lead investigator: %s", t.Lead)
	p.title("Investigators")
	for _, iv := range t.Investigators {
		s.Circle(p.x+8, p.y+9, 9, blueColor, None, 0)
		s.Text(p.x+8, p.y+13, 11, RGB(0xff, 0xff, 0xff), Middle, true, 0, fmt.Sprint(iv.Seat+1))
		p.x += 22
		p.w -= 22
		name := iv.Name + " at the " + iv.Where
		if iv.Out {
			name = iv.Name + " (eliminated)"
		}
		c := inkColor
		if iv.Viewer {
			c, name = goldColor, name+" — you"
		}
		p.line(13, c, true, "%s", name)
		acts := ""
		if iv.Actions >= 0 {
			acts = " · " + count(iv.Actions, "action") + " left"
		}
		p.line(12, inkColor, false, "willpower %d · intellect %d · combat %d · agility %d", iv.Willpower, iv.Intellect, iv.Combat, iv.Agility)
		p.line(12, inkColor, false, "damage %d/%d · horror %d/%d · %s · %s%s", iv.Damage, iv.Health, iv.Horror, iv.Sanity, count(iv.Resources, "resource"), count(iv.Clues, "clue"), acts)
		p.line(11, dimColor, false, "deck %d · discard %d · hand %d", iv.Deck, iv.Discard, iv.HandSize)
		if len(iv.InPlay) > 0 {
			p.line(11, dimColor, false, "in play: %s", strings.Join(iv.InPlay, ", "))
		}
		if len(iv.Threat) > 0 {
			p.line(11, RGB(0xff, 0xa0, 0x90), false, "threat area: %s", strings.Join(iv.Threat, ", "))
		}
		if iv.Viewer || t.Spectator {
			for k := 0; k < len(iv.Hand); k += 3 {
				pre := "hand: "
				if k > 0 {
					pre = "      "
				}
				p.line(11, inkColor, false, "%s%s", pre, strings.Join(iv.Hand[k:min(k+3, len(iv.Hand))], ", "))
			}
		}
		p.x -= 22
		p.w += 22
		p.gap(3)
	}
	return s
}
