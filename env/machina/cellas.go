package machina

import "github.com/mythos-rl/mythos/env/game"

// "A cell counts as …" for everyone (MA §12.18): while a counts_as effect
// lasts, every cell of one printed kind counts as another kind and loses its
// own properties. The engine rewrites Board.Kind of those cells (so sight,
// movement, targets, action cells and the observation all see the kind
// counted as) and keeps the printed kind in Board.Was; when the effect ends
// the printed kind comes back (with any destruction tokens the cell took in
// the meantime). The effect is a continuous effect (MA §18.4): a Mod record
// with Stat statCellAs, marked like any other (MA §18.5, §18.7), so it ends
// when its marker returns, when its card is discarded, or at the phase its
// markers go back. Rulings: R-COUNTS in docs/machina-rulings.md. The
// per-creature reading ("you may treat …", the Antique Handle) is
// chest_barrel (R-HANDLE).

// statCellAs marks a Mod that makes cells count as another kind; it is no
// characteristic of a creature and has no name in the content format.
const statCellAs = Stat(numStats)

// countsAsNames are the kinds a counts_as effect may name.
var countsAsNames = [...]struct {
	name string
	kind CellKind
}{{"floor", KindFloor}, {"trap", KindTrap}, {"lair", KindLair}, {"chest", KindChest}, {"event", KindEvent},
	{"recharge", KindRecharge}, {"lever", KindLever}, {"workbench", KindWorkbench}, {"chapter", KindChapter},
	{"barrel", KindBarrel}}

func cellKindNamed(s string) (CellKind, bool) {
	for _, n := range countsAsNames {
		if n.name == s {
			return n.kind, true
		}
	}
	return KindNone, false
}

// standing reports whether creatures may stand on a cell of kind k (MA §17.4).
func standing(k CellKind) bool { return k == KindFloor || k == KindTrap || k == KindLair }

// checkCountsAs returns what is wrong with a counts_as effect, or "". Both
// kinds must be cells creatures may stand on, or both obstacles (action cells
// and barrels), so that no creature ever stands on an obstacle when the
// effect starts or ends (R-COUNTS); chasms, rubble and ritual cells are not
// named.
func checkCountsAs(e *Effect) string {
	switch {
	case e.From == KindNone || e.Kind == KindNone:
		return "counts_as: from and as are required (MA §12.18)"
	case e.From == e.Kind:
		return "counts_as: a kind cannot count as itself"
	case standing(e.From) != standing(e.Kind):
		return "counts_as: " + e.From.String() + " and " + e.Kind.String() + " must both be cells to stand on (floor, trap, lair) or both obstacles (action cells, barrel)"
	case e.Times < 0 || e.Times > 3:
		return "counts_as: times 0..3"
	}
	return ""
}

// countsAs resolves an OpCountsAs for user (MA §12.18, §18.4): it needs a
// free marker like any continuous effect (a pioneer's, or a horror marker
// for monsters and horror events) and stacks at most once per ability use.
func (s *State) countsAs(f *game.Frame, e *Effect, user int) {
	owner := markerOwner(f.Src, user)
	if f.Step == 0 {
		if !s.markerFree(owner) {
			return // no marker left: the effect does not happen (MA §18.5)
		}
	}
	times := max(int(e.Times), 1)
	n := 0
	for i := range s.Mods {
		if m := &s.Mods[i]; int(m.Owner) == owner && m.Src == f.Src && m.Stat == statCellAs {
			n++
		}
	}
	if n >= times {
		return
	}
	s.Mods = append(s.Mods, Mod{Target: -1, Stat: statCellAs, N: 1, Owner: int8(owner), Marker: f.Step == 0, From: e.From, To: e.Kind, Src: f.Src})
	f.Step = 1
	s.syncCells()
}

// syncCells makes Board.Kind follow the counts_as records in force: a cell
// whose printed kind is named by a record counts as the record's kind (the
// oldest record wins for a kind named twice); every other cell shows its
// printed kind. Called whenever records start or end and when tiles are laid.
func (s *State) syncCells() {
	var to [numKinds]CellKind
	any := false
	for i := range s.Mods {
		if m := &s.Mods[i]; m.Stat == statCellAs && to[m.From] == KindNone {
			to[m.From], any = m.To, true
		}
	}
	b := &s.Board.Grid
	if !any && !b.Counted {
		return
	}
	s.touchBoard()
	for c := 0; c < NumCells; c++ {
		printed := b.Kind[c]
		if b.Was[c] != KindNone {
			printed = b.Was[c]
		}
		if k := to[printed]; k != KindNone {
			b.Kind[c], b.Was[c] = k, printed
		} else {
			b.Kind[c], b.Was[c] = printed, KindNone
		}
	}
	b.Counted = any
}
