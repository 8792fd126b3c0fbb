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
// the ritual cells' health lost). With a monsters seat (not cooperative),
// the games where one pioneer outlived the other: how many the survivor
// won, by how many decisions the monster seat made after the death (MA
// §19.1: it plays the monsters only from then on). Game k is seeded
// game.DeriveSeed(seed, k).
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
	monsterSeat := -1 // cooperative games have the seat, which never acts
	if id, err := agents.SeatIndex(e.Spec(), "monsters"); err == nil && opts["cooperative"] != "true" {
		monsterSeat = id
	}
	var ch []chapter
	var sv survivors
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
		var survivor *lone // the game's lone survivor, once a pioneer has died
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
			if survivor != nil && int(info.Agent) == monsterSeat {
				survivor.monsterDecisions++
			}
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
			if survivor == nil && now == 1 && alive > 1 {
				survivor = &lone{chapter: cur, round: int(m.Round), goal: m.ChapterGoal()}
			}
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
				if survivor != nil {
					survivor.won, survivor.rounds = tr.Info.Score > 0, int(m.Round)-survivor.round
					sv.add(*survivor)
				}
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
	if monsterSeat >= 0 {
		sv.print()
	}
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

// lone is what became of a game's lone survivor: the chapter and round in
// which the other pioneer died, how near the pioneers were to finishing the
// chapter then (machina.State.ChapterGoal), the monster seat's decisions
// and the rounds from then to the end, and whether the survivor won.
type lone struct {
	chapter, round, rounds, monsterDecisions int
	goal                                     float64
	won                                      bool
}

// survivors counts the lone survivors' games by the monster seat's
// decisions after the death: a survivor who wins before the monster seat
// has decided anything (MA §19.1: the seat plays the monsters only once a
// pioneer has died) wins against every monster side.
type survivors struct {
	games [2][len(decisionBuckets)]int // [lost, won][bucket]
	goal  [2]float64                   // ChapterGoal at the death, summed
	left  [2]int                       // the rounds from the death to the end, summed
	chap  [2][3]int                    // the chapter of the death (2: 2 or later)
}

// decisionBuckets are the upper bounds of the monster seat's decisions
// counted together.
var decisionBuckets = [...]int{0, 2, 5, 10, 20, 1 << 30}

func (s *survivors) add(l lone) {
	w := 0
	if l.won {
		w = 1
	}
	b := 0
	for b < len(decisionBuckets)-1 && l.monsterDecisions > decisionBuckets[b] {
		b++
	}
	s.games[w][b]++
	s.goal[w] += l.goal
	s.left[w] += l.rounds
	s.chap[w][min(2, l.chapter)]++
}

func (s *survivors) print() {
	n := [2]int{}
	for w := range s.games {
		for _, c := range s.games[w] {
			n[w] += c
		}
	}
	fmt.Printf("lone survivors: %d games, %d won, %d lost\n", n[0]+n[1], n[1], n[0])
	fmt.Println("  monster seat's decisions after the death:   won   lost")
	lo := 0
	for b, hi := range decisionBuckets {
		label := fmt.Sprintf("%d-%d", lo, hi)
		if b == len(decisionBuckets)-1 {
			label = fmt.Sprintf("%d or more", lo)
		} else if lo == hi {
			label = fmt.Sprint(hi)
		}
		fmt.Printf("  %-42s %5d  %5d\n", label, s.games[1][b], s.games[0][b])
		lo = hi + 1
	}
	for w, name := range [...]string{"lost", "won"} {
		fmt.Printf("  %s: the death in chapter 0/1/2+: %d/%d/%d; chapter goal at the death, mean %.2f; rounds from it to the end, mean %.1f\n",
			name, s.chap[w][0], s.chap[w][1], s.chap[w][2], s.goal[w]/float64(max(1, n[w])), float64(s.left[w])/float64(max(1, n[w])))
	}
}
