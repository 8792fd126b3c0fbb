package lcg

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// cardFiles are the files where a card's behaviour lives (docs/architecture.md
// §5 "A card's behaviour"): the player cards by class (cards_*.go), the
// encounter sets and scenario units (encounter_*.go, scenario_*.go). Every
// other non-test file of the package is generic engine code and names no
// card.
var cardFiles = regexp.MustCompile(`^(cards|encounter|scenario)_[a-z0-9_]+\.go$`)

// TestGenericCodeNamesNoCard: no generic file refers to a card's id
// variable (a package-level var initialised with mustID), nor looks a card
// up by a literal code; a card's behaviour is registered in its own block
// of a card file and found by its id (cardHooks, trigAbility).
func TestGenericCodeNamesNoCard(t *testing.T) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[p] = f
	}
	// The card id variables, wherever they are declared.
	ids := map[string]string{} // name → file
	for p, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, v := range vs.Values {
					if isMustID(v) && i < len(vs.Names) {
						ids[vs.Names[i].Name] = p
					}
				}
			}
		}
	}
	if len(ids) < 100 {
		t.Fatalf("found only %d card id variables: the scan is broken", len(ids))
	}
	var generic []string
	for p, f := range files {
		if cardFiles.MatchString(p) {
			continue
		}
		generic = append(generic, p)
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Ident:
				if where, ok := ids[x.Name]; ok {
					t.Errorf("%s: generic code names card %s (declared in %s): register the behaviour in the card's block instead",
						fset.Position(x.Pos()), x.Name, where)
				}
			case *ast.CallExpr:
				if isMustID(x) {
					if _, lit := x.Args[0].(*ast.BasicLit); lit {
						t.Errorf("%s: generic code looks a card up by its code", fset.Position(x.Pos()))
					}
				}
			}
			return true
		})
	}
	slices.Sort(generic)
	// The scan must see the generic files it guards (and not call them card files).
	for _, want := range []string{"player_cards.go", "skilltest.go", "turn.go", "encounter.go", "card_effects.go",
		"triggers.go", "abilities.go", "fast_abilities.go", "card_texts.go", "card_hooks.go"} {
		if !slices.Contains(generic, want) {
			t.Errorf("%s is not checked as a generic file", want)
		}
	}
}

// isMustID reports whether e is a call mustID(…).
func isMustID(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return false
	}
	f, ok := c.Fun.(*ast.Ident)
	return ok && f.Name == "mustID"
}

// TestGenericCheckCatches: the scan of TestGenericCodeNamesNoCard flags a
// card id named in generic code (the check cannot pass vacuously).
func TestGenericCheckCatches(t *testing.T) {
	src := "package lcg\nfunc f(s *State) bool { return s.Cards[0].Def == idMachete || mustID(\"01020\") == 0 }\n"
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var named, lookedUp bool
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Ident:
			named = named || x.Name == "idMachete"
		case *ast.CallExpr:
			lookedUp = lookedUp || isMustID(x)
		}
		return true
	})
	if !named || !lookedUp || cardFiles.MatchString("turn.go") || !cardFiles.MatchString("cards_guardian.go") {
		t.Fatal("the scan misses a card named in generic code")
	}
}

// TestImplementedCards: the player cards with registered behaviour are the
// core set's 100 implemented cards (none lost when a card moves between
// files), and each is registered once, by its own block.
func TestImplementedCards(t *testing.T) {
	got := Implemented()
	var want []string
	for c := 1001; c <= 1103; c++ {
		switch c {
		case 1072, 1094, 1095: // Leather Coat, Bulletproof Vest, Elder Sign Amulet: their stats only
			continue
		}
		want = append(want, "0"+strconv.Itoa(c))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("implemented cards:\n got %v\nwant %v", got, want)
	}
}

// TestBoostNarration: a "⚡ spend 1 resource: +1 skill" option is worded
// from the card's registered boost skills (Physical Training: willpower or
// combat), not as a generic ability.
func TestBoostNarration(t *testing.T) {
	s := ctGame(t, "01001")
	id := ctGive(s, 0, "01017", ZonePlay)
	for a, want := range []string{"Use Physical Training: 1 resource for +1 willpower", "Use Physical Training: 1 resource for +1 combat"} {
		s.prompt.Options = append(s.prompt.Options[:0], game.Option{Code: ActAbility + game.ActionCode(a), Arg: int32(id), Arg2: int32(a)})
		if got := s.Describe(0); got != want {
			t.Errorf("ability %d: %q, want %q", a, got, want)
		}
	}
}
