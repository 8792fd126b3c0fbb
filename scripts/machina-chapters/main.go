// Command machina-chapters plays Machina Arcana games with one agent and
// reports, per chapter, what the pioneers brought into it and what became of
// them there: the evidence behind train/README.md's account of what a
// trained policy fails to learn.
//
//	go run ./scripts/machina-chapters --agent policy:ckpt=train/results/machina-very-quick-window/best --games 200
//	go run ./scripts/machina-chapters --agent heuristic --games 200
//	go run ./scripts/machina-chapters --agent heuristic --seat monsters=random --games 1000 \
//	    --opt pioneers=2,variant=very_quick,cooperative=false,round_cap=40,skip_trivial=true,max_steps=600
//
// For each chapter of the scenario played (0 the first): the games that
// entered it; at entry, the living pioneers' health summed, the items they
// had equipped (MA §13.1, §13.5) and the monsters on the board; then the
// rounds and decisions spent in it, the pioneers who died in it, and the
// monsters destroyed by the end of the games that ended there. Then how the
// games ended, and what the agent chose as the target of an ability (MA §17):
// a monster, a pioneer, a ritual cell (MA §21.6) or another cell, and how
// often it passed a monster over; and, for the games that reached the
// finale, how far they got toward its victory (machina.State.FinaleProgress:
// the ritual cells' health lost). Game k is seeded game.DeriveSeed(seed, k).
package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/spf13/pflag"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
	_ "github.com/mythos-rl/mythos/train" // the policy agent
)

// chapter sums what the games saw in one chapter.
type chapter struct {
	entered, hp, equipped, monsters, rounds, decisions, deaths, ended, kills float64
}

func main() {
	spec := pflag.String("agent", "heuristic", "the agent of every pioneer seat (mythos run's --agent)")
	games := pflag.Int("games", 200, "games to play")
	seed := pflag.Uint64("seed", 99, "seed of the games' seeds")
	opts := pflag.String("opt", "pioneers=2,variant=very_quick,cooperative=true,round_cap=40,skip_trivial=true,max_steps=600", "env options")
	seats := pflag.StringArray("seat", nil, "SEAT=AGENT: the agent of one seat instead (mythos run's --seat), e.g. monsters=heuristic")
	pflag.Parse()
	if err := run(*spec, *games, *seed, *opts, *seats); err != nil {
		fmt.Fprintln(os.Stderr, "machina-chapters:", err)
		os.Exit(1)
	}
}

func run(spec string, games int, seed uint64, optText string, seats []string) error {
	opts, err := env.ParseOptions(optText)
	if err != nil {
		return err
	}
	e, err := env.Make(env.MachinaFrozenEngineID, opts)
	if err != nil {
		return err
	}
	a, err := agents.New(spec)
	if err != nil {
		return err
	}
	var fixed []agents.SeatAgent
	for _, sa := range seats {
		f, err := agents.ParseSeatAgent(sa)
		if err != nil {
			return err
		}
		fixed = append(fixed, f)
	}
	if a, err = agents.WithSeats(a, e.Spec(), fixed); err != nil {
		return err
	}
	var ch []chapter
	ends := map[string]int{}
	var tg targets
	wins := 0
	finales, finale := 0, 0.0 // games that reached the finale, their progress at the end
	for k := 0; k < games; k++ {
		gs := game.DeriveSeed(seed, uint64(k))
		_, info := e.Reset(gs)
		a.Reset(gs)
		cur, start := -1, 0
		alive := 0
		for {
			m := e.State().(*machina.State)
			if !m.InFinale && int(m.ChapterPos) != cur {
				if cur >= 0 {
					ch[cur].rounds += float64(int(m.Round) - start)
				}
				cur, start = int(m.ChapterPos), int(m.Round)
				for len(ch) <= cur {
					ch = append(ch, chapter{})
				}
				enter(&ch[cur], m)
				alive = living(m)
			}
			ch[cur].decisions++
			act := a.Act(e, &info)
			if m.Prompt().Kind == machina.PromptTarget {
				tg.add(m, act)
			}
			tr, err := e.Step(act)
			if err != nil {
				return fmt.Errorf("game %d: %w", k, err)
			}
			info = tr.Info
			m = e.State().(*machina.State)
			now := living(m)
			ch[cur].deaths += float64(alive - now)
			alive = now
			if tr.Done() {
				ch[cur].rounds += float64(int(m.Round) - start)
				ch[cur].ended++
				for i := 0; i < int(m.N); i++ {
					ch[cur].kills += float64(m.P[i].Kills)
				}
				end := "lost"
				switch {
				case tr.Info.Score > 0:
					end, wins = "won", wins+1
				case tr.Info.Score == 0:
					end = "unfinished"
				}
				ends[fmt.Sprintf("%s in chapter %d, %d pioneers alive", end, cur, now)]++
				if m.InFinale {
					finales++
					finale += m.FinaleProgress()
				}
				break
			}
		}
	}
	fmt.Printf("%s: %d of %d games won\n", spec, wins, games)
	fmt.Println("chapter  entered  health  equipped  monsters  rounds  decisions  deaths  ended  kills")
	for c, x := range ch {
		per := func(v float64) float64 { return v / max(1, x.entered) }
		fmt.Printf("%7d  %7.0f  %6.2f  %8.2f  %8.2f  %6.2f  %9.1f  %6.2f  %5.0f  %5.2f\n", c, x.entered,
			per(x.hp), per(x.equipped), per(x.monsters), per(x.rounds), per(x.decisions), per(x.deaths), x.ended, x.kills/max(1, x.ended))
	}
	fmt.Println("(health, equipped and monsters at the chapter's start, per game that entered it; kills per game that ended in it)")
	fmt.Printf("ability targets: %d prompts; chosen a monster %d, a pioneer %d, a ritual cell %d, another cell or pass %d; a monster offered but not chosen %d\n",
		tg.prompts, tg.monster, tg.pioneer, tg.ritual, tg.other, tg.passedOver)
	fmt.Printf("finale: reached in %d games; the ritual cells' health lost by the end, mean %.2f\n", finales, finale/float64(max(1, finales)))
	keys := make([]string, 0, len(ends))
	for k := range ends {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Printf("  %-40s %d\n", k, ends[k])
	}
	return nil
}

// targets counts the answers to target prompts (MA §17).
type targets struct{ prompts, monster, pioneer, ritual, other, passedOver int }

// add counts answer act to the target prompt of m.
func (t *targets) add(m *machina.State, act int) {
	t.prompts++
	occupant := func(code int) int {
		if c := code - int(machina.CodeCell); c >= 0 && c < machina.NumCells {
			return int(m.Occ[c])
		}
		return -1
	}
	offered := false
	for _, o := range m.Prompt().Options {
		offered = offered || occupant(int(o.Code)) >= machina.MonsterBase
	}
	switch oc := occupant(act); {
	case oc >= machina.MonsterBase:
		t.monster++
	case oc >= 0:
		t.pioneer++
	case act >= int(machina.CodeCell) && act < int(machina.CodeCell)+machina.NumCells &&
		m.Board.Kind[act-int(machina.CodeCell)] == machina.KindRitual:
		t.ritual++
	default:
		t.other++
	}
	if offered && occupant(act) < machina.MonsterBase {
		t.passedOver++
	}
}

// enter adds what chapter c's entry finds to x.
func enter(x *chapter, m *machina.State) {
	x.entered++
	for i := 0; i < int(m.N); i++ {
		if m.P[i].Alive {
			x.hp += float64(m.P[i].HP)
		}
	}
	for i := range m.Items {
		if m.Items[i].Zone == machina.ZoneEquipped {
			x.equipped++
		}
	}
	for i := range m.Mx {
		if m.Mx[i].Zone == machina.ZonePlay {
			x.monsters++
		}
	}
}

// living counts the pioneers alive.
func living(m *machina.State) int {
	n := 0
	for i := 0; i < int(m.N); i++ {
		if m.P[i].Alive {
			n++
		}
	}
	return n
}
