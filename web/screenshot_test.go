package web

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestScreenshots writes screenshots of the page to $MYTHOS_SCREENSHOTS
// (scripts/screenshots.sh sets it to docs/images): a game of each family
// played a few decisions in, at 1280×800 and at a phone's width, and a
// replay. Without the variable it is skipped.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("MYTHOS_SCREENSHOTS")
	if dir == "" {
		t.Skip("set MYTHOS_SCREENSHOTS=DIR to write screenshots of mythos web")
	}
	shots := []struct {
		name, env string
		seed      int
		clicks    int
		pick      string // the option clicked
	}{
		{"lcg", "ArkhamLCG/TheGathering-v0", 3, 4, "first-child"},
		{"ah3", "ArkhamHorror3/DrownedLantern-v0", 1, 6, "last-child"},
		{"machina", "MachinaArcana/TheFrozenEngine-v0", 1, 6, "last-child"},
	}
	for _, size := range []struct {
		tag  string
		w, h int
	}{{"", 1280, 800}, {"-phone", 390, 844}} {
		b := newBrowser(t, testServer(), size.w, size.h)
		for _, s := range shots {
			b.do("opening the page",
				chromedp.Navigate(b.url+"/?env="+s.env+"&seed="+fmt.Sprint(s.seed)),
				chromedp.WaitVisible(chromedp.CSS(`select.seat`)),
				chromedp.SetValue(chromedp.ID(`speed`), "0"),
				chromedp.Click(chromedp.ID(`start`)),
			)
			shown := ""
			st := ""
			for i := 0; i < s.clicks; i++ {
				if st, shown = b.status(shown); st != "human" {
					break
				}
				b.do("clicking", chromedp.Click(chromedp.CSS(`#options .opt:`+s.pick)))
				if eval[bool](b, `!document.getElementById('confirm').hidden`) {
					b.do("confirming", chromedp.Click(chromedp.ID(`yes`)))
				}
			}
			if st == "human" {
				b.status(shown)
			}
			b.shot(filepath.Join(dir, "web-"+s.name+size.tag+".png"), size.tag == "-phone")
		}
		data, rec := recordGame(t, "MachinaArcana/TheFrozenEngine-v0", 2)
		path := filepath.Join(t.TempDir(), "game.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		b.do("opening a replay",
			chromedp.Navigate(b.url+"/?mode=replay"),
			chromedp.SetUploadFiles(chromedp.ID(`file`), []string{path}),
		)
		b.status("")
		b.do("scrubbing", chromedp.SetValue(chromedp.ID(`scrub`), fmt.Sprint(len(rec.Actions)/3)))
		eval[bool](b, `document.getElementById('scrub').dispatchEvent(new Event('input'))`)
		b.do("waiting", chromedp.Sleep(500_000_000))
		b.shot(filepath.Join(dir, "web-replay"+size.tag+".png"), size.tag == "-phone")
	}
}

// shot writes a PNG of the page: the viewport, or with full the whole
// scrolled page.
func (b *browser) shot(path string, full bool) {
	b.t.Helper()
	var png []byte
	var err error
	if full {
		png, err = chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	} else {
		png, err = chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	}
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("wrote %s (%d bytes)", path, len(png))
}
