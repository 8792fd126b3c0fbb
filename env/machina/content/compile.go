package content

import (
	"strings"

	"github.com/mythos-rl/mythos/env/machina"
	"gopkg.in/yaml.v3"
)

// Compiling the raw YAML forms of cards into content, with every constraint
// checked and reported as file:line.

func compileAbilities(file string, raw []rawAbility, owner string) ([]machina.Ability, error) {
	if len(raw) > machina.MaxAbilities {
		return nil, errAt(file, raw[machina.MaxAbilities].Line, "%s: at most %d abilities per card", owner, machina.MaxAbilities)
	}
	out := make([]machina.Ability, 0, len(raw))
	for i := range raw {
		r := &raw[i]
		a := machina.Ability{Name: r.Name, Monster: r.Monster}
		w := 0
		if r.When != "" {
			w = machina.VocabWhen.Lookup(r.When)
			if r.When == "active" {
				w = 0
			}
			if w < 0 {
				return nil, errAt(file, r.Line, "%s: unknown timing %q (%s)", owner, r.When, strings.Join(machina.VocabWhen.Names(), ", "))
			}
		}
		a.When = machina.When(w)
		if r.If != "" {
			c := machina.VocabCond.Lookup(r.If)
			if c < 0 {
				return nil, errAt(file, r.Line, "%s: unknown condition %q (%s)", owner, r.If, strings.Join(machina.VocabCond.Names()[1:], ", "))
			}
			// MA §18.1: the only condition so far needs the attack's item,
			// which only an after_attack trigger knows.
			if a.When != machina.WhenAfterAttack {
				return nil, errAt(file, r.Line, "%s: condition %q needs when: after_attack", owner, r.If)
			}
			a.If = machina.Cond(c)
		}
		tk := 0
		if r.Target != "" {
			tk = machina.VocabTarget.Lookup(r.Target)
			if r.Target == "none" {
				tk = 0
			}
			if tk < 0 {
				return nil, errAt(file, r.Line, "%s: unknown target %q (%s)", owner, r.Target, strings.Join(machina.VocabTarget.Names(), ", "))
			}
		}
		a.Target = machina.TargetKind(tk)
		if r.Target2 != "" {
			t2 := machina.VocabTarget.Lookup(r.Target2)
			if t2 <= 0 {
				return nil, errAt(file, r.Line, "%s: unknown second target %q (%s)", owner, r.Target2, strings.Join(machina.VocabTarget.Names()[1:], ", "))
			}
			if a.Target == machina.TargetNone {
				return nil, errAt(file, r.Line, "%s: a second target needs a first (MA §17.8)", owner)
			}
			a.Target2 = machina.TargetKind(t2)
		}
		if err := inRange(file, r.Line, owner+": range2", r.Range2, 0, 9); err != nil {
			return nil, err
		}
		if (a.Target2 == machina.TargetRanged || a.Target2 == machina.TargetRangedIgn) != (r.Range2 > 0) {
			return nil, errAt(file, r.Line, "%s: range2 goes with a ranged second target, at least 1 (MA §17.7, §17.8)", owner)
		}
		a.Range2 = int8(r.Range2)
		for _, chk := range []struct {
			what   string
			v, max int
		}{{"stamina cost", r.Cost.Stamina, 9}, {"inspiration cost", r.Cost.Inspiration, 9}, {"health cost", r.Cost.Health, 9}, {"range", r.Range, 9}, {"progress", r.Progress, 9}} {
			if err := inRange(file, r.Line, owner+": "+chk.what, chk.v, 0, chk.max); err != nil {
				return nil, err
			}
		}
		if (a.Target == machina.TargetRanged || a.Target == machina.TargetRangedIgn) && r.Range < 1 {
			return nil, errAt(file, r.Line, "%s: a ranged target needs a range of at least 1 (MA §17.7)", owner)
		}
		if a.When != machina.WhenActive && (r.Cost.Stamina > 0 || r.Cost.Inspiration > 0 || r.Cost.Health > 0 || r.Cost.Marker || r.Target != "") {
			return nil, errAt(file, r.Line, "%s: only an active ability has a stamina cost or a target (MA §16.2)", owner)
		}
		a.Stamina, a.Insp, a.Health, a.Discard = int8(r.Cost.Stamina), int8(r.Cost.Inspiration), int8(r.Cost.Health), r.Cost.Discard
		a.Range, a.Progress = int8(r.Range), int8(r.Progress)
		a.Marker = r.Cost.Marker
		for _, en := range r.Effects {
			e, err := parseEffect(file, en.(*yaml.Node))
			if err != nil {
				return nil, err
			}
			if a.When == machina.WhenPassive && e.Op != machina.OpModify {
				return nil, errAt(file, r.Line, "%s: a passive ability holds modify effects only; a triggered one uses when: kill/dealt/destroyed/…", owner)
			}
			if e.On == machina.ScopeTarget2 && a.Target2 == machina.TargetNone {
				return nil, errAt(file, r.Line, "%s: on: target2 needs target2 (MA §17.8)", owner)
			}
			a.Effects = append(a.Effects, e)
		}
		for _, en := range r.Then {
			e, err := parseEffect(file, en.(*yaml.Node))
			if err != nil {
				return nil, err
			}
			a.Then = append(a.Then, e)
		}
		if len(a.Effects) == 0 && len(a.Then) == 0 {
			return nil, errAt(file, r.Line, "%s: an ability needs effects", owner)
		}
		if (a.Progress > 0) != (len(a.Then) > 0) {
			return nil, errAt(file, r.Line, "%s: progress N and then go together (MA §18.3)", owner)
		}
		out = append(out, a)
	}
	return out, nil
}

func compilePioneer(file string, r *rawPioneer) (machina.PioneerCard, error) {
	p := machina.PioneerCard{ID: r.ID, Name: r.Name}
	c := machina.VocabClass.Lookup(r.Class)
	if c < 0 {
		return p, errAt(file, r.Line, "pioneer %s: class %q is not shooter, fighter, mystic or master (MA §3.1)", r.ID, r.Class)
	}
	p.Class = machina.Class(c)
	for _, chk := range []struct {
		what string
		v    int
	}{{"defence", r.Defence}, {"will", r.Will}, {"inspiration", r.Inspiration}, {"health", r.Health}, {"stamina", r.Stamina}} {
		if err := inRange(file, r.Line, "pioneer "+r.ID+": "+chk.what, chk.v, 0, 9); err != nil {
			return p, err
		}
	}
	if r.Health < 1 || r.Stamina < 1 {
		return p, errAt(file, r.Line, "pioneer %s: health and stamina must be at least 1", r.ID)
	}
	p.Defence, p.Will, p.MaxInsp, p.MaxHP, p.MaxStam = int8(r.Defence), int8(r.Will), int8(r.Inspiration), int8(r.Health), int8(r.Stamina)
	var err error
	p.Abilities, err = compileAbilities(file, r.Abilities, "pioneer "+r.ID)
	return p, err
}

func compileMonster(file string, r *rawMonster) (machina.MonsterCard, error) {
	m := machina.MonsterCard{ID: r.ID, Name: r.Name, Immobile: r.Immobile, Incorporeal: r.Incorporeal, WallIncorporeal: r.WallIncorporeal}
	if err := inRange(file, r.Line, "monster "+r.ID+": level", r.Level, 1, 4); err != nil {
		return m, err
	}
	for _, chk := range []struct {
		what string
		v    int
	}{{"defence", r.Defence}, {"will", r.Will}, {"health", r.Health}, {"stamina", r.Stamina}} {
		if err := inRange(file, r.Line, "monster "+r.ID+": "+chk.what, chk.v, 0, 9); err != nil {
			return m, err
		}
	}
	if r.Health < 1 {
		return m, errAt(file, r.Line, "monster %s: health must be at least 1", r.ID)
	}
	m.Level, m.Defence, m.Will, m.Health, m.Stamina = int8(r.Level), int8(r.Defence), int8(r.Will), int8(r.Health), int8(r.Stamina)
	var err error
	m.Abilities, err = compileAbilities(file, r.Abilities, "monster "+r.ID)
	if err != nil {
		return m, err
	}
	for _, a := range m.Abilities {
		if a.When == machina.WhenActive && a.Stamina < 1 {
			return m, errAt(file, r.Line, "monster %s: a monster's active ability costs at least 1 stamina (so that a monster turn ends, MA §19.2)", r.ID)
		}
	}
	return m, nil
}

func compileItem(file string, r *rawItem) (machina.ItemCard, error) {
	it := machina.ItemCard{ID: r.ID, Name: r.Name, Ranged: r.Ranged}
	d := machina.VocabDeck.Lookup(r.Deck)
	if d < 0 {
		return it, errAt(file, r.Line, "item %s: deck %q is not weapon, clothing, artifact or one_use (MA §13.2)", r.ID, r.Deck)
	}
	it.Deck = machina.Deck(d)
	if err := inRange(file, r.Line, "item "+r.ID+": level", r.Level, 1, 3); err != nil {
		return it, err
	}
	it.Level = int8(r.Level)
	if it.Deck == machina.Weapon && r.ExtLeft == 0 && (r.Hands < 1 || r.Hands > 2) && r.UpBottom == 0 {
		return it, errAt(file, r.Line, "item %s: a main weapon has 1 or 2 hands (MA §13.4)", r.ID)
	}
	it.Hands = int8(r.Hands)
	if r.Fit != "" {
		f := machina.VocabFit.Lookup(r.Fit)
		if f < 0 || it.Deck != machina.Clothing {
			return it, errAt(file, r.Line, "item %s: fit %q: torso, head or legs, and only for clothing", r.ID, r.Fit)
		}
		it.Fit = machina.Fit(f)
	}
	if it.Deck == machina.OneUse && (r.UpTop|r.UpBottom|r.ExtLeft|r.ExtRight) != 0 {
		return it, errAt(file, r.Line, "item %s: a one-use item is never equipped and has no symbols (MA §13.2)", r.ID)
	}
	for _, v := range []int{r.UpTop, r.UpBottom, r.ExtLeft, r.ExtRight} {
		if err := inRange(file, r.Line, "item "+r.ID+": symbol", v, 0, 9); err != nil {
			return it, err
		}
	}
	if err := inRange(file, r.Line, "item "+r.ID+": defence", r.Defence, 0, 3); err != nil {
		return it, err
	}
	if err := inRange(file, r.Line, "item "+r.ID+": will", r.Will, 0, 3); err != nil {
		return it, err
	}
	it.Defence, it.Will = int8(r.Defence), int8(r.Will)
	it.UpTop, it.UpBottom, it.ExtLeft, it.ExtRight = uint8(r.UpTop), uint8(r.UpBottom), uint8(r.ExtLeft), uint8(r.ExtRight)
	var err error
	it.Abilities, err = compileAbilities(file, r.Abilities, "item "+r.ID)
	return it, err
}

func compileEvent(file string, r *rawEvent) (machina.EventCard, error) {
	e := machina.EventCard{ID: r.ID, Name: r.Name, Personal: r.Personal, Scenario: r.Scenario}
	switch r.Kind {
	case "pioneer":
	case "horror":
		e.Horror = true
		if r.Personal {
			return e, errAt(file, r.Line, "event %s: only a pioneer event can be personal (MA §15.3)", r.ID)
		}
	default:
		return e, errAt(file, r.Line, "event %s: kind %q is not pioneer or horror", r.ID, r.Kind)
	}
	var err error
	e.Abilities, err = compileAbilities(file, r.Abilities, "event "+r.ID)
	return e, err
}

func compileScenario(file string, r *rawScenario) (machina.Scenario, error) {
	s := machina.Scenario{ID: r.ID, Name: r.Name, DangerTrack: int8(r.DangerTrack), Events: r.Events, Quick: r.Quick, VeryQuick: r.VeryQuick}
	if s.DangerTrack == 0 {
		s.DangerTrack = 6
	}
	if err := inRange(file, r.Line, "scenario "+r.ID+": danger_track", int(s.DangerTrack), 2, 12); err != nil {
		return s, err
	}
	if len(r.Chapters) < 1 {
		return s, errAt(file, r.Line, "scenario %s: no chapters", r.ID)
	}
	for i := range r.Chapters {
		rc := &r.Chapters[i]
		ch := machina.Chapter{ID: rc.ID, Title: rc.Title, Lair: int8(rc.Lair), Horror: int8(rc.Horror), Closed: rc.Closed, Finale: rc.Finale, VeryQuickWin: rc.VeryQuickWin}
		if err := inRange(file, rc.Line, "chapter "+rc.ID+": lair", rc.Lair, 0, 10); err != nil {
			return s, err
		}
		if err := inRange(file, rc.Line, "chapter "+rc.ID+": horror", rc.Horror, 0, 10); err != nil {
			return s, err
		}
		var err error
		ch.Abilities, err = compileAbilities(file, rc.Abilities, "chapter "+rc.ID)
		if err != nil {
			return s, err
		}
		s.Chapters = append(s.Chapters, ch)
	}
	for _, q := range append(append([]int(nil), r.Quick...), r.VeryQuick...) {
		if q < 1 || q > len(r.Chapters) {
			return s, errAt(file, r.Line, "scenario %s: chapter number %d is outside 1..%d", r.ID, q, len(r.Chapters))
		}
	}
	if f := r.Finale; f != nil {
		if !machina.HasFinaleRule(f.Rule) {
			return s, errAt(file, f.Line, "finale: no finale rule is registered as %q", f.Rule)
		}
		s.Finale = &machina.Finale{Title: f.Title, Tile: f.Tile, Rule: f.Rule, Tokens: int8(f.Tokens),
			RitualDefence: int8(f.RitualDefence), RitualWill: int8(f.RitualWill), Lair: int8(f.Lair), Horror: int8(f.Horror)}
	}
	return s, nil
}
