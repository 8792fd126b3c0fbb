package lcgcase

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// coreEncounterFile is the core set's encounter cards (ArkhamDB data): its
// scenarios, acts, agendas, locations, enemies, treacheries and story asset.
var coreEncounterFile = filepath.Join("..", "..", "..", "..", "shared", "data", "arkhamdb", "pack_core_core_encounter.json")

// cardCode matches a card code in a case's card references.
var cardCode = regexp.MustCompile(`\b01\d{3}[a-z]?\b`)

// caseCardRefs collects the card codes each case names in its rule.
func caseCardRefs(cs []*Case) map[string]bool {
	refs := map[string]bool{}
	for _, c := range cs {
		for _, code := range cardCode.FindAllString(c.Rule, -1) {
			refs[code] = true
			refs[strings.TrimRight(code, "ab")] = true
		}
	}
	return refs
}

// TestCoreEncounterCardsCovered: every card of the core set's encounter file
// (all 80: the three scenario cards, the acts and agendas, every location,
// enemy and treachery, Lita Chantler) is named by code in some case's rule.
func TestCoreEncounterCardsCovered(t *testing.T) {
	data, err := os.ReadFile(coreEncounterFile)
	if err != nil {
		t.Skipf("core encounter data not found: %v", err)
	}
	var list []struct {
		Code string `json:"code"`
		Name string `json:"name"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 80 {
		t.Fatalf("%s: %d cards, want the core set's 80 encounter cards", coreEncounterFile, len(list))
	}
	refs := caseCardRefs(loadAll(t))
	var missing []string
	for _, c := range list {
		if !refs[c.Code] {
			missing = append(missing, c.Code+" "+c.Name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d core encounter cards named by no case's rule:\n\t%s", len(missing), strings.Join(missing, "\n\t"))
	}
}

// TestCardRefsFindMissing is the control of the coverage test: a card no
// case names is reported.
func TestCardRefsFindMissing(t *testing.T) {
	refs := caseCardRefs([]*Case{{Rule: "LCG §3 Surge; 01163 Ancient Evils, 01121a"}})
	for code, want := range map[string]bool{"01163": true, "01121a": true, "01121": true, "01164": false} {
		if refs[code] != want {
			t.Errorf("code %s: named %v, want %v", code, refs[code], want)
		}
	}
}
