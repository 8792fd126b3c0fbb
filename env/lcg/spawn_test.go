package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// TestSpawnDecoded checks that every Spawn instruction of the card data is
// decoded at init (LCG §3 Spawn; ruling R-SPAWN): location titles to their
// title number, the other instructions to their kind.
func TestSpawnDecoded(t *testing.T) {
	for _, tt := range []struct {
		code string
		kind spawnKind
		loc  string // the location titled in a spawnNamed instruction
	}{
		{"01118", spawnNamed, "01113"},   // Flesh-Eater: Attic
		{"01119", spawnNamed, "01114"},   // Icy Ghoul: Cellar
		{"01137", spawnNamed, "01130"},   // "Wolf-Man" Drew: Downtown (either Downtown)
		{"01141", spawnNamed, "01128"},   // Ruth Turner: St. Mary's Hospital
		{"01169", spawnEmpty, ""},        // Acolyte: any empty location
		{"01170", spawnEmpty, ""},        // Wizard of the Order
		{"01121b", spawnEngagedPrey, ""}, // The Masked Hunter: engaged with Prey
		{"01160", spawnNone, ""},         // Ghoul Minion: no instruction
	} {
		id := cards.MustCode(tt.code)
		if defSpawn[id] != tt.kind {
			t.Errorf("%s: kind %d, want %d", tt.code, defSpawn[id], tt.kind)
		}
		if tt.loc != "" && defSpawnLoc[id] != defLocTitle[cards.MustCode(tt.loc)] {
			t.Errorf("%s: location title %d, want %s's %d", tt.code, defSpawnLoc[id], tt.loc, defLocTitle[cards.MustCode(tt.loc)])
		}
	}
	if defLocTitle[cards.MustCode("01130")] != defLocTitle[cards.MustCode("01131")] {
		t.Error("the two Downtowns have different title numbers")
	}
	all := cards.All()
	for i := range all {
		if all[i].Spawn != "" && defSpawn[i] == spawnNone {
			t.Errorf("%s: Spawn %q not decoded", all[i].Code, all[i].Spawn)
		}
	}
}
