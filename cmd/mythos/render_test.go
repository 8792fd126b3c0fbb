package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderWritesFrames: mythos render writes decodable PNG frames of the
// frame size, and SVG with --format svg.
func TestRenderWritesFrames(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	root := newRoot(strings.NewReader(""), &out, &errOut)
	root.SetArgs([]string{"render", "ArkhamHorror3/DrownedLantern-v0", "--steps", "6", "--every", "3", "--out", dir})
	if err := root.Execute(); err != nil {
		t.Fatal(err, errOut.String())
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(names) != 3 {
		t.Fatalf("%d frames: %v (%s)", len(names), names, out.String())
	}
	f, err := os.Open(names[2])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 800 {
		t.Fatalf("frame %v", b)
	}
	svg := filepath.Join(dir, "last.svg")
	root = newRoot(strings.NewReader(""), &out, &errOut)
	root.SetArgs([]string{"render", "MachinaArcana/TheFrozenEngine-v0", "--steps", "5", "--last", "--format", "svg", "--out", svg})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(svg)
	if err != nil || !bytes.HasPrefix(data, []byte("<svg")) {
		t.Fatalf("svg: %v %.40q", err, data)
	}
}

// TestRenderSpectator: --viewer spectator draws the spectator's view, marked
// in its header, for each game; a seat's drawing is not marked, and a
// viewer that is neither is refused.
func TestRenderSpectator(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []string{"ArkhamLCG/TheGathering-v0", "ArkhamHorror3/DrownedLantern-v0", "MachinaArcana/TheFrozenEngine-v0"} {
		for _, viewer := range []string{"spectator", "0"} {
			svg := filepath.Join(dir, "v.svg")
			var out, errOut bytes.Buffer
			root := newRoot(strings.NewReader(""), &out, &errOut)
			root.SetArgs([]string{"render", id, "--steps", "8", "--last", "--format", "svg", "--viewer", viewer, "--out", svg})
			if err := root.Execute(); err != nil {
				t.Fatal(id, err, errOut.String())
			}
			data, err := os.ReadFile(svg)
			if err != nil {
				t.Fatal(err)
			}
			if marked := bytes.Contains(data, []byte("spectator view")); marked != (viewer == "spectator") {
				t.Errorf("%s --viewer %s: marked as a spectator's view: %v", id, viewer, marked)
			}
		}
	}
	var out, errOut bytes.Buffer
	root := newRoot(strings.NewReader(""), &out, &errOut)
	root.SetArgs([]string{"render", "ArkhamLCG/TheGathering-v0", "--viewer", "everyone", "--out", dir})
	if err := root.Execute(); err == nil || !strings.Contains(err.Error(), "spectator") {
		t.Errorf("--viewer everyone: %v", err)
	}
}
