package content

import "testing"

func TestDefaultLoads(t *testing.T) {
	RegisterCode("friend_in_need")
	sc, err := Load(Shipped(), DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d spaces, %d encounters, %d assets, %d monsters, %d effects", len(sc.Spaces), len(sc.Encounters), len(sc.Assets), len(sc.Monsters), len(sc.Program.Effects))
}
