package web

import "embed"

// assets are the page: index.html, app.js and style.css, served as they
// are (no build step, nothing fetched from the network).
//
//go:embed assets
var assets embed.FS
