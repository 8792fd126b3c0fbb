// Package content is Machina Arcana's content loader: it reads the YAML
// files of tiles, pioneers, monsters, items, events and scenarios
// (docs/machina-content.md), checks every constraint (each error names the
// file, the line and the constraint) and compiles them into a
// machina.Content for the engine (env/machina). The shipped files lie in
// this directory, embedded (Shipped).
package content
