package machina

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// The raw YAML forms; see docs/machina-content.md.

type rawFile struct {
	Tiles     []rawTile     `yaml:"tiles"`
	Pioneers  []rawPioneer  `yaml:"pioneers"`
	Monsters  []rawMonster  `yaml:"monsters"`
	Items     []rawItem     `yaml:"items"`
	Events    []rawEvent    `yaml:"events"`
	Scenarios []rawScenario `yaml:"scenarios"`
}

type rawFace struct {
	Cells     []string `yaml:"cells,required"`
	VEdges    []string `yaml:"vedges"`
	HEdges    []string `yaml:"hedges"`
	Open      []string `yaml:"open,required"`
	Attach    string   `yaml:"attach,required"`
	Entrances [][]int  `yaml:"entrances"`
	Line      int
}

type rawTile struct {
	ID     string    `yaml:"id,required"`
	Name   string    `yaml:"name"`
	Finale bool      `yaml:"finale"`
	Faces  []rawFace `yaml:"faces,required"`
	Line   int
}

type rawCost struct {
	Stamina     int  `yaml:"stamina"`
	Inspiration int  `yaml:"inspiration"`
	Health      int  `yaml:"health"`
	Discard     bool `yaml:"discard"`
	Marker      bool `yaml:"marker"`
}

type rawAbility struct {
	Name     string  `yaml:"name"`
	When     string  `yaml:"when"`
	If       string  `yaml:"if"`
	Cost     rawCost `yaml:"cost"`
	Target   string  `yaml:"target"`
	Range    int     `yaml:"range"`
	Target2  string  `yaml:"target2"`
	Range2   int     `yaml:"range2"`
	Monster  bool    `yaml:"monster"`
	Effects  []any   `yaml:"effects"`
	Progress int     `yaml:"progress"`
	Then     []any   `yaml:"then"`
	Line     int
}

type rawPioneer struct {
	ID          string       `yaml:"id,required"`
	Name        string       `yaml:"name,required"`
	Class       string       `yaml:"class,required"`
	Defence     int          `yaml:"defence"`
	Will        int          `yaml:"will"`
	Inspiration int          `yaml:"inspiration"`
	Health      int          `yaml:"health,required"`
	Stamina     int          `yaml:"stamina,required"`
	Abilities   []rawAbility `yaml:"abilities"`
	Text        string       `yaml:"text"`
	Line        int
}

type rawMonster struct {
	ID              string       `yaml:"id,required"`
	Name            string       `yaml:"name,required"`
	Level           int          `yaml:"level,required"`
	Defence         int          `yaml:"defence"`
	Will            int          `yaml:"will"`
	Health          int          `yaml:"health,required"`
	Stamina         int          `yaml:"stamina,required"`
	Immobile        bool         `yaml:"immobile"`
	Incorporeal     bool         `yaml:"incorporeal"`
	WallIncorporeal bool         `yaml:"wall_incorporeal"`
	Abilities       []rawAbility `yaml:"abilities"`
	Text            string       `yaml:"text"`
	Line            int
}

type rawItem struct {
	ID        string       `yaml:"id,required"`
	Name      string       `yaml:"name,required"`
	Deck      string       `yaml:"deck,required"`
	Level     int          `yaml:"level,required"`
	Hands     int          `yaml:"hands"`
	Ranged    bool         `yaml:"ranged"`
	Fit       string       `yaml:"fit"`
	Defence   int          `yaml:"defence"`
	Will      int          `yaml:"will"`
	UpTop     int          `yaml:"up_top"`
	UpBottom  int          `yaml:"up_bottom"`
	ExtLeft   int          `yaml:"ext_left"`
	ExtRight  int          `yaml:"ext_right"`
	Abilities []rawAbility `yaml:"abilities"`
	Text      string       `yaml:"text"`
	Line      int
}

type rawEvent struct {
	ID        string       `yaml:"id,required"`
	Name      string       `yaml:"name,required"`
	Kind      string       `yaml:"kind,required"`
	Personal  bool         `yaml:"personal"`
	Scenario  string       `yaml:"scenario"`
	Abilities []rawAbility `yaml:"abilities"`
	Text      string       `yaml:"text"`
	Line      int
}

type rawChapter struct {
	ID           string       `yaml:"id,required"`
	Title        string       `yaml:"title,required"`
	Lair         int          `yaml:"lair"`
	Horror       int          `yaml:"horror"`
	Closed       bool         `yaml:"closed"`
	Finale       bool         `yaml:"finale"`
	VeryQuickWin bool         `yaml:"very_quick_win"`
	Abilities    []rawAbility `yaml:"abilities"`
	Text         string       `yaml:"text"`
	Line         int
}

type rawFinale struct {
	Title         string `yaml:"title,required"`
	Tile          string `yaml:"tile,required"`
	Rule          string `yaml:"rule,required"`
	Tokens        int    `yaml:"tokens"`
	RitualDefence int    `yaml:"ritual_defence"`
	RitualWill    int    `yaml:"ritual_will"`
	Lair          int    `yaml:"lair"`
	Horror        int    `yaml:"horror"`
	Text          string `yaml:"text"`
	Line          int
}

type rawScenario struct {
	ID          string       `yaml:"id,required"`
	Name        string       `yaml:"name,required"`
	DangerTrack int          `yaml:"danger_track"`
	Events      int          `yaml:"events"`
	Chapters    []rawChapter `yaml:"chapters,required"`
	Finale      *rawFinale   `yaml:"finale"`
	Quick       []int        `yaml:"quick_skips"`
	VeryQuick   []int        `yaml:"very_quick"`
	Line        int
}

//go:embed content
var shippedFS embed.FS

var (
	shippedOnce    sync.Once
	shippedContent *Content
	shippedErr     error
)

// Shipped returns the content shipped with the package (env/machina/content),
// loaded and validated once.
func Shipped() (*Content, error) {
	shippedOnce.Do(func() {
		sub, err := fs.Sub(shippedFS, "content")
		if err != nil {
			shippedErr = err
			return
		}
		shippedContent, shippedErr = Load(sub)
	})
	return shippedContent, shippedErr
}

// Load reads every *.yaml file of fsys (in lexical path order) as content and
// validates it. Every error names the file and line and the broken
// constraint.
func Load(fsys fs.FS) (*Content, error) {
	c := &Content{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return c.addFile(p, data)
	})
	if err != nil {
		return nil, err
	}
	if err := c.link(); err != nil {
		return nil, err
	}
	return c, nil
}

// LoadFiles reads content from files given as name → YAML text, in the
// order given (for tests and rules cases).
func LoadFiles(names []string, texts []string) (*Content, error) {
	c := &Content{}
	for i := range names {
		if err := c.addFile(names[i], []byte(texts[i])); err != nil {
			return nil, err
		}
	}
	if err := c.link(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Content) addFile(file string, data []byte) error {
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	if n.Kind == 0 {
		return nil
	}
	var raw rawFile
	if err := decodeNode(path.Clean(file), &n, &raw); err != nil {
		return err
	}
	for i := range raw.Tiles {
		t, err := compileTile(file, &raw.Tiles[i])
		if err != nil {
			return err
		}
		c.Tiles = append(c.Tiles, t)
	}
	for i := range raw.Pioneers {
		p, err := compilePioneer(file, &raw.Pioneers[i])
		if err != nil {
			return err
		}
		c.Pioneers = append(c.Pioneers, p)
	}
	for i := range raw.Monsters {
		m, err := compileMonster(file, &raw.Monsters[i])
		if err != nil {
			return err
		}
		c.Monsters = append(c.Monsters, m)
	}
	for i := range raw.Items {
		it, err := compileItem(file, &raw.Items[i])
		if err != nil {
			return err
		}
		c.Items = append(c.Items, it)
	}
	for i := range raw.Events {
		e, err := compileEvent(file, &raw.Events[i])
		if err != nil {
			return err
		}
		c.Events = append(c.Events, e)
	}
	for i := range raw.Scenarios {
		s, err := compileScenario(file, &raw.Scenarios[i])
		if err != nil {
			return err
		}
		c.Scenarios = append(c.Scenarios, s)
	}
	return nil
}

func errAt(file string, line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", file, line, fmt.Sprintf(format, args...))
}

func inRange(file string, line int, what string, v, lo, hi int) error {
	if v < lo || v > hi {
		return errAt(file, line, "%s %d is outside %d..%d", what, v, lo, hi)
	}
	return nil
}

func compileTile(file string, r *rawTile) (Tile, error) {
	t := Tile{ID: r.ID, Name: r.Name, Finale: r.Finale, line: r.Line}
	if len(r.Faces) != 2 && !(r.Finale && len(r.Faces) == 1) {
		return t, errAt(file, r.Line, "tile %s: a map tile has 2 faces (a finale tile 1 or 2), got %d (MA §11.1)", r.ID, len(r.Faces))
	}
	for fi := range r.Faces {
		rf := &r.Faces[fi]
		f := &t.Faces[fi]
		if len(rf.Cells) != TileSize {
			return t, errAt(file, rf.Line, "tile %s face %d: cells has %d rows, want %d", r.ID, fi, len(rf.Cells), TileSize)
		}
		for y, row := range rf.Cells {
			if len(row) != TileSize {
				return t, errAt(file, rf.Line+1+y, "tile %s face %d: cells row %d has %d characters, want %d", r.ID, fi, y, len(row), TileSize)
			}
			for x := 0; x < TileSize; x++ {
				k, ok := KindOf(row[x])
				if !ok {
					return t, errAt(file, rf.Line+1+y, "tile %s face %d: %q at (%d,%d) is not a cell character (%s)", r.ID, fi, row[x], x, y, kindChars[1:])
				}
				f.Cells[y*TileSize+x] = k
			}
		}
		if rf.VEdges != nil && len(rf.VEdges) != TileSize {
			return t, errAt(file, rf.Line, "tile %s face %d: vedges has %d rows, want %d", r.ID, fi, len(rf.VEdges), TileSize)
		}
		for y, row := range rf.VEdges {
			if len(row) != TileSize-1 {
				return t, errAt(file, rf.Line, "tile %s face %d: vedges row %d has %d characters, want %d", r.ID, fi, y, len(row), TileSize-1)
			}
			for x := 0; x < TileSize-1; x++ {
				e, ok := edgeOf(row[x], '|')
				if !ok {
					return t, errAt(file, rf.Line, "tile %s face %d: vedges row %d: %q is not an edge ('.', '|', 'd', 'D')", r.ID, fi, y, row[x])
				}
				f.V[y][x+1] = e
			}
		}
		if rf.HEdges != nil && len(rf.HEdges) != TileSize-1 {
			return t, errAt(file, rf.Line, "tile %s face %d: hedges has %d rows, want %d", r.ID, fi, len(rf.HEdges), TileSize-1)
		}
		for y, row := range rf.HEdges {
			if len(row) != TileSize {
				return t, errAt(file, rf.Line, "tile %s face %d: hedges row %d has %d characters, want %d", r.ID, fi, y, len(row), TileSize)
			}
			for x := 0; x < TileSize; x++ {
				e, ok := edgeOf(row[x], '-')
				if !ok {
					return t, errAt(file, rf.Line, "tile %s face %d: hedges row %d: %q is not an edge ('.', '-', 'd', 'D')", r.ID, fi, y, row[x])
				}
				f.H[y+1][x] = e
			}
		}
		for _, s := range rf.Open {
			d := sideOf(s)
			if d < 0 {
				return t, errAt(file, rf.Line, "tile %s face %d: open side %q is not N, E, S or W", r.ID, fi, s)
			}
			f.Open[d] = true
		}
		a := sideOf(rf.Attach)
		if a < 0 || !f.Open[a] {
			return t, errAt(file, rf.Line, "tile %s face %d: attach %q must be one of its open sides (MA §11.1)", r.ID, fi, rf.Attach)
		}
		f.Attach = Side(a)
		for s := Side(0); s < 4; s++ {
			if !f.Open[s] {
				continue
			}
			p, q := openingCells(s)
			for _, c := range []int{p, q} {
				if k := f.Cells[c]; k == KindRubble || k == KindChasm || k.IsAction() || k == KindBarrel {
					return t, errAt(file, rf.Line, "tile %s face %d: opening cell (%d,%d) on the %s side must be passable, is %s", r.ID, fi, c%TileSize, c/TileSize, s, k)
				}
			}
		}
		for _, e := range rf.Entrances {
			if len(e) != 2 || e[0] < 0 || e[1] < 0 || e[0] >= TileSize || e[1] >= TileSize {
				return t, errAt(file, rf.Line, "tile %s face %d: an entrance is [x, y] inside the tile", r.ID, fi)
			}
			f.Entrances = append(f.Entrances, e[1]*TileSize+e[0])
		}
	}
	if len(r.Faces) == 1 {
		t.Faces[1] = t.Faces[0]
	}
	return t, nil
}

func edgeOf(c byte, wall byte) (Edge, bool) {
	switch c {
	case '.', ' ':
		return EdgeOpen, true
	case 'd':
		return EdgeDoor, true
	case 'D':
		return EdgeClosed, true
	}
	if c == wall {
		return EdgeWall, true
	}
	return 0, false
}

func sideOf(s string) int {
	switch strings.ToUpper(s) {
	case "N":
		return 0
	case "E":
		return 1
	case "S":
		return 2
	case "W":
		return 3
	}
	return -1
}

// link checks references between files: unique ids, finale tiles, scenario
// events, and the limits of the fixed layout.
func (c *Content) link() error {
	seen := map[string]string{}
	add := func(kind, id string) error {
		if prev, ok := seen[kind+"/"+id]; ok {
			return fmt.Errorf("content: %s id %q used twice (%s)", kind, id, prev)
		}
		seen[kind+"/"+id] = id
		return nil
	}
	for _, t := range c.Tiles {
		if err := add("tile", t.ID); err != nil {
			return err
		}
	}
	for _, p := range c.Pioneers {
		if err := add("pioneer", p.ID); err != nil {
			return err
		}
	}
	for _, m := range c.Monsters {
		if err := add("monster", m.ID); err != nil {
			return err
		}
	}
	for _, it := range c.Items {
		if err := add("item", it.ID); err != nil {
			return err
		}
	}
	for _, e := range c.Events {
		if err := add("event", e.ID); err != nil {
			return err
		}
	}
	switch {
	case len(c.Monsters) > MaxMonsters:
		return fmt.Errorf("content: %d monsters, at most %d", len(c.Monsters), MaxMonsters)
	case len(c.Items) > MaxItems:
		return fmt.Errorf("content: %d items, at most %d", len(c.Items), MaxItems)
	case len(c.Events) > MaxEvents:
		return fmt.Errorf("content: %d events, at most %d", len(c.Events), MaxEvents)
	case len(c.Tiles) > MaxTiles:
		return fmt.Errorf("content: %d tiles, at most %d", len(c.Tiles), MaxTiles)
	}
	if err := c.linkTakes(); err != nil {
		return err
	}
	c.indexFree()
	c.indexStats()
	for i := range c.Scenarios {
		s := &c.Scenarios[i]
		s.content = c
		if err := add("scenario", s.ID); err != nil {
			return err
		}
		if s.Finale != nil {
			ti := c.tileIndex(s.Finale.Tile)
			if ti < 0 || !c.Tiles[ti].Finale {
				return fmt.Errorf("content: scenario %s: finale tile %q is not a finale tile", s.ID, s.Finale.Tile)
			}
		}
	}
	return nil
}
