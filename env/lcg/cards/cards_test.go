package cards

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func card(t *testing.T, code string) *Card {
	t.Helper()
	c, ok := ByCode(code)
	if !ok {
		t.Fatalf("ByCode(%q): not found", code)
	}
	return c
}

func TestCounts(t *testing.T) {
	all := All()
	if all[0].ID != 0 || all[0].Code != "" {
		t.Errorf("All()[0] = %+v, want the zero card", all[0])
	}
	player, encounter := 0, 0
	for i := 1; i < len(all); i++ {
		c := &all[i]
		if c.ID != ID(i) {
			t.Errorf("All()[%d].ID = %d", i, c.ID)
		}
		if got := Get(c.ID); got != c {
			t.Errorf("Get(%d) = %p, want %p", c.ID, got, c)
		}
		if c.Pack != "core" {
			t.Errorf("%s: pack %q", c.Code, c.Pack)
		}
		if c.IsPlayerCard() {
			player++
		} else {
			encounter++
		}
	}
	// pack_core_core.json: 104 player cards incl. the 5 investigators and the
	// random-weakness placeholder; the core set holds 184 cards in all.
	if player != 104 || encounter != 80 {
		t.Errorf("player %d, encounter %d; want 104, 80", player, encounter)
	}
	types := map[Type]int{}
	for _, c := range all[1:] {
		if c.IsPlayerCard() {
			types[c.Type]++
		}
	}
	want := map[Type]int{Investigator: 5, Asset: 50, Event: 27, SkillCard: 10, Treachery: 9, Enemy: 3}
	for ty, n := range want {
		if types[ty] != n {
			t.Errorf("%d player cards of type %v, want %d", types[ty], ty, n)
		}
	}
	if Get(0) != nil || Get(ID(len(all))) != nil {
		t.Error("Get out of range should be nil")
	}
}

func TestLookup(t *testing.T) {
	if _, ok := ByCode("99999"); ok {
		t.Error("ByCode(99999) found a card")
	}
	if id := MustCode("01116"); Get(id).Name != "Ghoul Priest" {
		t.Errorf("MustCode(01116) = %d (%s)", id, Get(id).Name)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustCode(unknown) did not panic")
		}
	}()
	MustCode("nope")
}

func TestInvestigators(t *testing.T) {
	tests := []struct {
		code, name     string
		class          Class
		skills         [4]int8
		health, sanity int8
	}{
		{"01001", "Roland Banks", Guardian, [4]int8{3, 3, 4, 2}, 9, 5},
		{"01002", "Daisy Walker", Seeker, [4]int8{3, 5, 2, 2}, 5, 9},
		{"01003", `"Skids" O'Toole`, Rogue, [4]int8{2, 3, 3, 4}, 8, 6},
		{"01004", "Agnes Baker", Mystic, [4]int8{5, 2, 2, 3}, 6, 8},
		{"01005", "Wendy Adams", Survivor, [4]int8{4, 3, 1, 4}, 7, 7},
	}
	for _, tt := range tests {
		c := card(t, tt.code)
		if c.Name != tt.name || c.Type != Investigator || c.Class != tt.class || c.Skills != tt.skills ||
			c.Health != tt.health || c.Sanity != tt.sanity || c.DeckSize != 30 || !c.Unique {
			t.Errorf("%s: got %+v", tt.code, c)
		}
		if !c.HasAbility(AbilityElderSign) {
			t.Errorf("%s: no elder sign ability", tt.code)
		}
	}
	if c := card(t, "01001"); !c.Has("detective") || !c.Has("Agency") || c.Has("Police") || c.FullName() != "Roland Banks (The Fed)" {
		t.Errorf("Roland traits/name: %v %q", c.Traits, c.FullName())
	}
}

func TestPlayerCards(t *testing.T) {
	c := card(t, "01016") // .45 Automatic
	if c.Name != ".45 Automatic" || c.Type != Asset || c.Class != Guardian || c.Level != 0 || c.Cost != 4 ||
		c.Slot != SlotHand || c.Uses != Ammo || c.UsesCount != 4 || c.Icons != [5]int8{0, 0, 0, 1, 0} ||
		!c.HasAbility(AbilityAction|AbilityFight) || c.DeckLimit != 2 || !c.Has("Firearm") {
		t.Errorf(".45 Automatic: %+v", c)
	}
	if c := card(t, "01029"); c.Level != 4 || c.Slot != SlotHand2 || c.Slot.Hands() != 2 || c.Uses != Ammo || c.UsesCount != 2 || c.Slot.String() != "Hand x2" {
		t.Errorf("Shotgun: %+v", c)
	}
	if c := card(t, "01018"); c.Health != 2 || c.Sanity != 2 || c.Slot != SlotAlly || c.Cost != 4 {
		t.Errorf("Beat Cop: %+v", c)
	}
	if c := card(t, "01019"); c.Uses != Supplies || c.UsesCount != 3 {
		t.Errorf("First Aid: %+v", c)
	}
	if c := card(t, "01058"); c.Uses != Secrets || c.UsesCount != 4 || c.Cost != 0 {
		t.Errorf("Forbidden Knowledge: %+v", c)
	}
	if c := card(t, "01060"); c.Uses != Charges || c.UsesCount != 4 || c.Slot != SlotArcane || c.Slot.Arcane() != 1 {
		t.Errorf("Shrivelling: %+v", c)
	}
	if c := card(t, "01059"); c.Sanity != 2 || c.Slot != SlotAccessory || c.Icons[Willpower] != 1 {
		t.Errorf("Holy Rosary: %+v", c)
	}
	if c := card(t, "01072"); c.Health != 2 || c.Slot != SlotBody || c.Cost != 0 {
		t.Errorf("Leather Coat: %+v", c)
	}
	if c := card(t, "01025"); c.Type != SkillCard || c.Cost != -1 || c.Level != 0 || c.Icons[Combat] != 1 {
		t.Errorf("Vicious Blow: %+v", c)
	}
	if c := card(t, "01093"); c.Icons[Wild] != 2 || c.Class != Neutral || c.Quantity != 2 {
		t.Errorf("Unexpected Courage: %+v", c)
	}
	for _, code := range []string{"01030", "01040", "01044", "01010", "01022", "01023", "01037", "01080", "01084"} {
		if !card(t, code).Fast {
			t.Errorf("%s (%s) should be Fast", code, card(t, code).Name)
		}
	}
	for _, code := range []string{"01016", "01017", "01024", "01086"} {
		if card(t, code).Fast {
			t.Errorf("%s (%s) should not be Fast", code, card(t, code).Name)
		}
	}
	if c := card(t, "01006"); c.Restriction != "01001" || c.Level != -1 || !c.Unique || c.Uses != Ammo {
		t.Errorf("Roland's .38 Special: %+v", c)
	}
	if c := card(t, "01009"); !c.Weakness || c.BasicWeakness || !c.Revelation || c.Type != Asset {
		t.Errorf("The Necronomicon: %+v", c)
	}
	if c := card(t, "01096"); !c.Weakness || !c.BasicWeakness || !c.Revelation {
		t.Errorf("Amnesia: %+v", c)
	}
	if c := card(t, "01000"); !c.Hidden || !c.BasicWeakness {
		t.Errorf("placeholder: %+v", c)
	}
}

func TestEnemies(t *testing.T) {
	tests := []struct {
		code                        string
		fight, health, evade        int8
		damage, horror              int8
		perInv, hunter, retal, mass bool
		prey, spawn                 string
		victory                     int8
	}{
		{"01116", 4, 5, 4, 2, 2, true, true, true, false, "Highest combat", "", 2}, // Ghoul Priest
		{"01161", 3, 3, 3, 1, 1, false, false, false, false, "Lowest remaining health", "", 0},
		{"01118", 4, 4, 1, 1, 2, false, false, false, false, "", "Attic", 1},  // Flesh-Eater
		{"01119", 3, 4, 4, 2, 1, false, false, false, false, "", "Cellar", 1}, // Icy Ghoul
		{"01159", 1, 1, 3, 1, 0, false, true, false, false, "", "", 0},        // Swarm of Rats
		{"01160", 2, 2, 2, 1, 1, false, false, false, false, "", "", 0},       // Ghoul Minion
		{"01101", 4, 3, 3, 1, 0, false, true, false, false, "Bearer only", "", 0},
		{"01157", 5, 6, 6, 3, 3, false, true, false, true, "", "", 0}, // Umôrdhoth
		{"01170", 4, 2, 2, 1, 0, false, false, true, false, "", "Any empty location", 0},
		{"01180", 3, 3, 2, 1, 0, false, true, true, false, "", "", 0},
		{"01121b", 4, 4, 2, 2, 1, false, true, false, false, "Most clues", "Engaged with Prey", 2},
	}
	for _, tt := range tests {
		c := card(t, tt.code)
		if c.Type != Enemy || c.Fight != tt.fight || c.EnemyHealth != tt.health || c.Evade != tt.evade ||
			c.Damage != tt.damage || c.Horror != tt.horror || c.EnemyHealthPerInvestigator != tt.perInv ||
			c.Hunter != tt.hunter || c.Retaliate != tt.retal || c.Massive != tt.mass || c.Aloof ||
			c.Prey != tt.prey || c.Spawn != tt.spawn || c.Victory != tt.victory {
			t.Errorf("%s %s: got %+v", tt.code, c.Name, c)
		}
	}
	gp := card(t, "01116")
	if !gp.Has("Elite") || !gp.Has("Ghoul") || gp.EncounterSet != "torch" {
		t.Errorf("Ghoul Priest traits/set: %v %q", gp.Traits, gp.EncounterSet)
	}
	if c := card(t, "01157"); c.EnemyHealthBonusPerInvestigator != 4 {
		t.Errorf("Umôrdhoth health bonus %d", c.EnemyHealthBonusPerInvestigator)
	}
	if c := card(t, "01101"); !c.BasicWeakness || !c.IsPlayerCard() || !c.HasAbility(AbilityParley) {
		t.Errorf("Mob Enforcer: %+v", c)
	}
}

func TestTreacheries(t *testing.T) {
	for _, code := range []string{"01162", "01163", "01164", "01165", "01166", "01167", "01168", "01135", "01178"} {
		c := card(t, code)
		if c.Type != Treachery || !c.Revelation {
			t.Errorf("%s %s: type %v revelation %v", code, c.Name, c.Type, c.Revelation)
		}
	}
	for _, code := range []string{"01135", "01178"} {
		if !card(t, code).Peril {
			t.Errorf("%s should have Peril", code)
		}
	}
	for _, c := range All()[1:] {
		if c.Type == Treachery && !c.Hidden && !c.Revelation {
			t.Errorf("treachery %s %s without Revelation", c.Code, c.Name)
		}
		if c.Surge {
			t.Errorf("%s: no core card has the Surge keyword", c.Code) // False Lead only gains it
		}
	}
	if c := card(t, "01162"); c.Peril || c.Has("Terror") || !c.Has("Hazard") {
		t.Errorf("Grasping Hands: %+v", c)
	}
}

func TestLocationsActsAgendas(t *testing.T) {
	locs := []struct {
		code          string
		shroud, clues int8
		perInv        bool
		victory       int8
	}{
		{"01111", 2, 2, true, 0}, // Study
		{"01112", 1, 0, false, 0},
		{"01113", 1, 2, true, 1},
		{"01114", 4, 2, true, 1},
		{"01115", 2, 0, false, 0},
		{"01129", 4, 2, true, 1}, // Miskatonic University
		{"01125", 1, 1, true, 0}, // Rivertown
	}
	for _, tt := range locs {
		c := card(t, tt.code)
		if c.Type != Location || c.Shroud != tt.shroud || c.Clues != tt.clues || c.CluesPerInvestigator != tt.perInv || c.Victory != tt.victory {
			t.Errorf("%s %s: %+v", tt.code, c.Name, c)
		}
	}
	if c := card(t, "01115"); !c.HasAbility(AbilityResign) {
		t.Errorf("Parlor should offer Resign")
	}
	if c := card(t, "01125"); !c.Has("Central") {
		t.Errorf("Rivertown traits %v", c.Traits)
	}
	agendas := map[string]int8{"01105": 3, "01106": 7, "01107": 10}
	for code, doom := range agendas {
		if c := card(t, code); c.Type != Agenda || c.Doom != doom {
			t.Errorf("%s: %+v", code, c)
		}
	}
	if c := card(t, "01108"); c.Type != Act || c.ActClues != 2 || !c.ActCluesPerInvestigator || c.Stage != 1 || c.BackName == "" {
		t.Errorf("Trapped: %+v", c)
	}
	if c := card(t, "01109"); c.ActClues != 3 || !c.ActCluesPerInvestigator || c.Stage != 2 {
		t.Errorf("The Barrier: %+v", c)
	}
	if c := card(t, "01110"); c.ActClues != 0 || !c.HasAbility(AbilityObjective) {
		t.Errorf("What Have You Done?: %+v", c)
	}
	if c := card(t, "01121a"); c.BackLink != "01121b" || c.Doom != 6 {
		t.Errorf("Predator or Prey?: %+v", c)
	}
	if c := card(t, "01104"); c.Type != Scenario || c.EncounterSet != "torch" {
		t.Errorf("The Gathering: %+v", c)
	}
}

func TestLitaChantler(t *testing.T) {
	c := card(t, "01117")
	if c.Type != Asset || c.Slot != SlotAlly || !c.Unique || c.Health != 3 || c.Sanity != 3 || c.Cost != 0 ||
		c.EncounterSet != "torch" || c.IsPlayerCard() || c.Subname != "The Zealot" {
		t.Errorf("Lita Chantler: %+v", c)
	}
}

func TestEncounterSets(t *testing.T) {
	gathering := map[string]string{
		"torch": "The Gathering", "rats": "Rats", "ghouls": "Ghouls", "striking_fear": "Striking Fear",
		"ancient_evils": "Ancient Evils", "chilling_cold": "Chilling Cold",
	}
	for code, name := range gathering {
		if got := EncounterSetName(code); got != name {
			t.Errorf("EncounterSetName(%q) = %q, want %q", code, got, name)
		}
		if len(BySet(code)) == 0 {
			t.Errorf("BySet(%q) is empty", code)
		}
	}
	copies := 0
	for _, id := range BySet("torch") {
		copies += int(Get(id).Quantity)
	}
	if n := len(BySet("torch")); n != 16 || copies != 16 {
		t.Errorf("torch: %d cards, %d copies; want 16, 16", n, copies)
	}
	for _, c := range All()[1:] {
		if c.EncounterSet != "" && EncounterSetName(c.EncounterSet) == "" {
			t.Errorf("%s: set %q has no name", c.Code, c.EncounterSet)
		}
	}
	if len(EncounterSetCodes()) != 16 {
		t.Errorf("EncounterSetCodes: %v", EncounterSetCodes())
	}
}

func TestStrings(t *testing.T) {
	if Treachery.String() != "Treachery" || SkillCard.String() != "Skill" || Type(99).String() != "Type(?)" {
		t.Error("Type.String")
	}
	if Mystic.String() != "Mystic" || Neutral.String() != "Neutral" || Mythos.String() != "Mythos" {
		t.Error("Class.String")
	}
	if Agility.String() != "Agility" || Wild.String() != "Wild" {
		t.Error("Skill.String")
	}
	if (SlotHand|SlotArcane).String() != "Hand. Arcane" || Ammo.String() != "ammo" {
		t.Error("Slot/Uses String")
	}
	if (AbilityAction | AbilityFight).String() != "action|fight" {
		t.Error("Ability.String")
	}
}

func TestSummaries(t *testing.T) {
	for code := range summaries {
		if _, ok := ByCode(code); !ok {
			t.Errorf("summary for unknown code %s", code)
		}
	}
	for _, c := range All()[1:] {
		if c.Summary == "" {
			t.Errorf("%s %s has no summary", c.Code, c.Name)
		}
	}
}

// TestNoCardText checks that data_gen.go holds no text passages: every
// string literal in it is short (names, traits, codes, keyword parameters).
func TestNoCardText(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "data_gen.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		if lit, ok := node.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if len(s) > 120 {
				t.Errorf("string literal of %d chars in data_gen.go: %.60q...", len(s), s)
			}
		}
		return true
	})
	if n < 500 {
		t.Errorf("only %d string literals in data_gen.go", n)
	}
}

// TestNoCopiedSentences compares our files with the source card texts, when
// the data directory is at hand: no sentence of a card text may appear in
// data_gen.go or summary.go.
func TestNoCopiedSentences(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "data", "arkhamdb")
	var ours strings.Builder
	for _, name := range []string{"data_gen.go", "summary.go"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		ours.WriteString(strings.ToLower(string(b)))
	}
	tag := regexp.MustCompile(`<[^>]+>`)
	checked := 0
	for _, name := range []string{"pack_core_core.json", "pack_core_core_encounter.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Skipf("card data not available: %v", err)
		}
		var raw []map[string]any
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		for _, c := range raw {
			for _, field := range []string{"text", "flavor", "back_text", "back_flavor"} {
				s, _ := c[field].(string)
				s = tag.ReplaceAllString(s, "")
				for _, sent := range regexp.MustCompile(`[.!?\n]`).Split(s, -1) {
					sent = strings.ToLower(strings.TrimSpace(sent))
					if len(sent) < 24 {
						continue
					}
					checked++
					if strings.Contains(ours.String(), sent) {
						t.Errorf("%v: %s sentence copied: %q", c["code"], field, sent)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no sentences checked")
	}
}

func TestTableIsSorted(t *testing.T) {
	codes := make([]string, 0, len(All()))
	for _, c := range All()[1:] {
		codes = append(codes, c.Code)
	}
	if !slices.IsSorted(codes) {
		t.Error("cards are not in code order")
	}
}
