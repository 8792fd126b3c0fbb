package content

import "testing"

func TestShippedContentLoads(t *testing.T) {
	ct, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if len(ct.Tiles) < 7 || len(ct.Pioneers) < 4 || len(ct.Monsters) < 16 || len(ct.Items) < 30 || len(ct.Scenarios) < 1 {
		t.Fatalf("content too small: %d tiles, %d pioneers, %d monsters, %d items, %d scenarios",
			len(ct.Tiles), len(ct.Pioneers), len(ct.Monsters), len(ct.Items), len(ct.Scenarios))
	}
}
