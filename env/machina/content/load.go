package content

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/mythos-rl/mythos/env/machina"
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

// Load reads every *.yaml file of fsys (in lexical path order) as content and
// validates it. Every error names the file and line and the broken
// constraint.
func Load(fsys fs.FS) (*machina.Content, error) {
	c := &machina.Content{}
	if err := addDir(c, fsys); err != nil {
		return nil, err
	}
	if err := c.Link(); err != nil {
		return nil, err
	}
	return c, nil
}

// addDir adds every *.yaml file of fsys to c, in lexical path order.
func addDir(c *machina.Content, fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
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
		return addFile(c, p, data)
	})
}

// LoadFiles reads content from files given as name → YAML text, in the
// order given (for tests and rules cases).
func LoadFiles(names []string, texts []string) (*machina.Content, error) {
	c := &machina.Content{}
	for i := range names {
		if err := addFile(c, names[i], []byte(texts[i])); err != nil {
			return nil, err
		}
	}
	if err := c.Link(); err != nil {
		return nil, err
	}
	return c, nil
}

func addFile(c *machina.Content, file string, data []byte) error {
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	if n.Kind == 0 {
		return nil
	}
	var raw rawFile
	if err := DecodeNode(path.Clean(file), &n, &raw); err != nil {
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

func compileTile(file string, r *rawTile) (machina.Tile, error) {
	t := machina.Tile{ID: r.ID, Name: r.Name, Finale: r.Finale}
	if len(r.Faces) != 2 && !(r.Finale && len(r.Faces) == 1) {
		return t, errAt(file, r.Line, "tile %s: a map tile has 2 faces (a finale tile 1 or 2), got %d (MA §11.1)", r.ID, len(r.Faces))
	}
	for fi := range r.Faces {
		rf := &r.Faces[fi]
		f := &t.Faces[fi]
		if len(rf.Cells) != machina.TileSize {
			return t, errAt(file, rf.Line, "tile %s face %d: cells has %d rows, want %d", r.ID, fi, len(rf.Cells), machina.TileSize)
		}
		for y, row := range rf.Cells {
			if len(row) != machina.TileSize {
				return t, errAt(file, rf.Line+1+y, "tile %s face %d: cells row %d has %d characters, want %d", r.ID, fi, y, len(row), machina.TileSize)
			}
			for x := 0; x < machina.TileSize; x++ {
				k, ok := machina.KindOf(row[x])
				if !ok {
					return t, errAt(file, rf.Line+1+y, "tile %s face %d: %q at (%d,%d) is not a cell character (%s)", r.ID, fi, row[x], x, y, machina.CellChars())
				}
				f.Cells[y*machina.TileSize+x] = k
			}
		}
		if rf.VEdges != nil && len(rf.VEdges) != machina.TileSize {
			return t, errAt(file, rf.Line, "tile %s face %d: vedges has %d rows, want %d", r.ID, fi, len(rf.VEdges), machina.TileSize)
		}
		for y, row := range rf.VEdges {
			if len(row) != machina.TileSize-1 {
				return t, errAt(file, rf.Line, "tile %s face %d: vedges row %d has %d characters, want %d", r.ID, fi, y, len(row), machina.TileSize-1)
			}
			for x := 0; x < machina.TileSize-1; x++ {
				e, ok := edgeOf(row[x], '|')
				if !ok {
					return t, errAt(file, rf.Line, "tile %s face %d: vedges row %d: %q is not an edge ('.', '|', 'd', 'D')", r.ID, fi, y, row[x])
				}
				f.V[y][x+1] = e
			}
		}
		if rf.HEdges != nil && len(rf.HEdges) != machina.TileSize-1 {
			return t, errAt(file, rf.Line, "tile %s face %d: hedges has %d rows, want %d", r.ID, fi, len(rf.HEdges), machina.TileSize-1)
		}
		for y, row := range rf.HEdges {
			if len(row) != machina.TileSize {
				return t, errAt(file, rf.Line, "tile %s face %d: hedges row %d has %d characters, want %d", r.ID, fi, y, len(row), machina.TileSize)
			}
			for x := 0; x < machina.TileSize; x++ {
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
		f.Attach = machina.Side(a)
		for s := machina.Side(0); s < 4; s++ {
			if !f.Open[s] {
				continue
			}
			p, q := machina.TileOpeningCells(s)
			for _, c := range []int{p, q} {
				if k := f.Cells[c]; k == machina.KindRubble || k == machina.KindChasm || k.IsAction() || k == machina.KindBarrel {
					return t, errAt(file, rf.Line, "tile %s face %d: opening cell (%d,%d) on the %s side must be passable, is %s", r.ID, fi, c%machina.TileSize, c/machina.TileSize, s, k)
				}
			}
		}
		for _, e := range rf.Entrances {
			if len(e) != 2 || e[0] < 0 || e[1] < 0 || e[0] >= machina.TileSize || e[1] >= machina.TileSize {
				return t, errAt(file, rf.Line, "tile %s face %d: an entrance is [x, y] inside the tile", r.ID, fi)
			}
			f.Entrances = append(f.Entrances, e[1]*machina.TileSize+e[0])
		}
	}
	if len(r.Faces) == 1 {
		t.Faces[1] = t.Faces[0]
	}
	return t, nil
}

func edgeOf(c byte, wall byte) (machina.Edge, bool) {
	switch c {
	case '.', ' ':
		return machina.EdgeOpen, true
	case 'd':
		return machina.EdgeDoor, true
	case 'D':
		return machina.EdgeClosed, true
	}
	if c == wall {
		return machina.EdgeWall, true
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
