package web

import (
	"bytes"
	"net/http"
	"time"

	"github.com/mythos-rl/mythos/render"
)

// The drawings' fonts, served to the page (style.css declares them as the
// family "Go", which the SVG asks for first), so that a browser measures
// text as the rasterizer does: without them a browser falls back to a wider
// font and text laid out to fit (a header's mark, a cell's label) overflows.
var fontFiles = func() map[string][]byte {
	regular, bold := render.FontFiles()
	return map[string][]byte{"go-regular.ttf": regular, "go-bold.ttf": bold}
}()

// fontsModified is the fonts' modification time for conditional requests:
// they are compiled into the binary and never change while it runs.
var fontsModified = time.Now()

// handleFont serves GET /fonts/NAME.
func (s *Server) handleFont(w http.ResponseWriter, r *http.Request) {
	data, ok := fontFiles[r.PathValue("name")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "font/ttf")
	w.Header().Set("Cache-Control", "max-age=86400")
	http.ServeContent(w, r, r.PathValue("name"), fontsModified, bytes.NewReader(data))
}
