package machina

import "fmt"

// Config is the set-up of a game: the pioneers and the variants (MA §4, §5)
// and the design parameters the rulebook leaves open (MA §22 [D]).
type Config struct {
	// Pioneers are the pioneer card ids (or names), 1 to 4, in seat order.
	Pioneers []string
	// Easy: the fate die's 0 face counts as 0 (MA §5.1).
	Easy bool
	// VeryEasy: lair and horror values never decrease in their phases
	// (MA §5.2).
	VeryEasy bool
	// Quick skips the scenario's quick_skips chapters (MA §5.3).
	Quick bool
	// VeryQuick plays only the scenario's very_quick chapters, won by leaving
	// the board in the last of them (MA §5.3).
	VeryQuick bool
	// Cooperative keeps the monsters predictable after a pioneer dies: the
	// monster side never plays (MA §23.7; one team only).
	Cooperative bool
	// RoundCap ends the game truncated (score 0) after this many rounds; 0
	// means no cap.
	RoundCap int
	// DangerTrack overrides the scenario's danger-track length (MA §22.5).
	DangerTrack int
	// RechargeFaces gives the recharge die's six faces (MA §22.4): 0 nothing,
	// 1 restore 1 health, 2 restore 2 stamina, 3 restore 3 stamina. The zero
	// value means DefaultRechargeFaces.
	RechargeFaces [6]uint8
	// LairScaleTwice applies the lair scaling of MA §6.2 step 3 on top of the
	// one of §14.6 when a chapter times out (MA §22.A.2; default once).
	LairScaleTwice bool
	// Campaign plays a campaign of this many games of the scenario in one
	// episode (MA §5.4; 0: a single game).
	Campaign int
	// Level5Death offers each pioneer death as a choice beside discarding an
	// equipped item when danger increases at monster level 5 (MA §6.5.1
	// step 3, «сбрасывает 1 экипированный предмет или погибает», read as the
	// player's choice, MA §22.16). Default false: R-LEVEL5, a pioneer with an
	// equipped item discards one.
	Level5Death bool
	// Chapters, when not empty, plays only these chapters of the scenario
	// (numbers from 1, increasing), in place of the variants' choice of MA
	// §5.3: not a rulebook variant but a training curriculum, which can
	// start a game deep in the scenario (its first chapter's enter
	// abilities set the table, MA §4.6) or at its finale.
	Chapters []int
	// Start, when not zero, begins the game better equipped than the real
	// setup: a training curriculum, not a rulebook variant (Start).
	Start Start
}

// DefaultRechargeFaces is the recharge die of MA §22.4 as ruled in
// docs/machina-rulings.md: 1 health, 1 health, 2 stamina, 2 stamina,
// 3 stamina, nothing.
var DefaultRechargeFaces = [6]uint8{1, 1, 2, 2, 3, 0}

func (c *Config) check(ct *Content) error {
	if len(c.Pioneers) < 1 || len(c.Pioneers) > MaxPioneers {
		return fmt.Errorf("machina: %d pioneers; 1 to %d play (MA §1)", len(c.Pioneers), MaxPioneers)
	}
	for i, p := range c.Pioneers {
		if ct.pioneerIndex(p) < 0 {
			return fmt.Errorf("machina: no pioneer %q", p)
		}
		for j := 0; j < i; j++ {
			if ct.pioneerIndex(c.Pioneers[j]) == ct.pioneerIndex(p) {
				return fmt.Errorf("machina: pioneer %q chosen twice", p)
			}
		}
	}
	if c.Quick && c.VeryQuick {
		return fmt.Errorf("machina: quick and very quick exclude each other")
	}
	if len(c.Chapters) > 0 && (c.Quick || c.VeryQuick) {
		return fmt.Errorf("machina: a list of chapters excludes the quick and very quick variants")
	}
	for i, n := range c.Chapters {
		if i > 0 && n <= c.Chapters[i-1] {
			return fmt.Errorf("machina: chapters %v: want increasing chapter numbers", c.Chapters)
		}
	}
	if c.Start.Items < 0 || c.Start.Items > MaxStartItems {
		return fmt.Errorf("machina: %d start items is not 0..%d", c.Start.Items, MaxStartItems)
	}
	for _, f := range c.RechargeFaces {
		if f > 3 {
			return fmt.Errorf("machina: recharge face %d is not 0..3", f)
		}
	}
	if c.Campaign != 0 && (c.Campaign < 2 || c.Campaign > 9) {
		return fmt.Errorf("machina: a campaign of %d games is not 2..9", c.Campaign)
	}
	if c.DangerTrack != 0 && (c.DangerTrack < 2 || c.DangerTrack > 12) {
		return fmt.Errorf("machina: danger track %d is not 2..12", c.DangerTrack)
	}
	return nil
}
