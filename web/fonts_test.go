package web

import (
	"bytes"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/render"
)

// TestFontsAreServed: the page declares the drawings' fonts and the server
// serves them, the same bytes the rasterizer uses.
func TestFontsAreServed(t *testing.T) {
	srv := testServer()
	regular, bold := render.FontFiles()
	for path, want := range map[string][]byte{"/fonts/go-regular.ttf": regular, "/fonts/go-bold.ttf": bold} {
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want) || w.Header().Get("Content-Type") != "font/ttf" {
			t.Errorf("%s: %d, %d bytes of %d, %q", path, w.Code, w.Body.Len(), len(want), w.Header().Get("Content-Type"))
		}
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest("GET", "/fonts/other.ttf", nil))
	if w.Code != 404 {
		t.Errorf("/fonts/other.ttf: %d", w.Code)
	}
	w = httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest("GET", "/style.css", nil))
	for _, f := range []string{"fonts/go-regular.ttf", "fonts/go-bold.ttf"} {
		if !strings.Contains(w.Body.String(), f) {
			t.Errorf("style.css does not declare %s", f)
		}
	}
}
