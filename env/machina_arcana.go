package env

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/mythos-rl/mythos/encode/machinaobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
	machinacontent "github.com/mythos-rl/mythos/env/machina/content"
)

// MachinaFrozenEngineID is the env id of Machina Arcana's shipped scenario,
// The Frozen Engine.
const MachinaFrozenEngineID = "MachinaArcana/TheFrozenEngine-v0"

// machinaPotentials are Machina Arcana's shaping terms (docs/shaping.md);
// each reads public state of env/machina.
var machinaPotentials = []PotentialTerm{
	{Name: "chapter", Doc: "progress through the scenario in [0, 1]: chapters begun before the current one over the chapters played, 1 in the finale", Value: func(s game.State) float64 {
		m := s.(*machina.State)
		if m.InFinale || len(m.Chapters) == 0 {
			return 1
		}
		return float64(m.ChapterPos) / float64(len(m.Chapters))
	}},
	{Name: "advance", Doc: "progress through the scenario with the way through the current chapter in [0, 1]: (chapters begun before the current one + 0.9 × how near the pioneers are to finishing it) over the chapters played, 1 in the finale; how near reads the exit token's distance, a closed chapter's counter, or the nearest chapter cell's distance and the inspiration to use it (machina.State.ChapterGoal, MA §14.2, §12.13)", Value: func(s game.State) float64 {
		m := s.(*machina.State)
		if m.InFinale || len(m.Chapters) == 0 {
			return 1
		}
		return (float64(m.ChapterPos) + 0.9*m.ChapterGoal()) / float64(len(m.Chapters))
	}},
	{Name: "finale", Doc: "progress toward the finale's victory in [0, 1], 0 before the finale: its rule's measure (the ritual finale, MA §21.6: the ritual cells' health lost over the health they started with; machina.State.FinaleProgress)", Value: func(s game.State) float64 {
		return s.(*machina.State).FinaleProgress()
	}},
	{Name: "danger", Doc: "minus the danger track's fill in [-1, 0] (MA §6.5.1)", Value: func(s game.State) float64 {
		m := s.(*machina.State)
		return -float64(m.Danger) / float64(max(1, m.DangerTrack()))
	}},
	{Name: "health", Doc: "the pioneers' health in [0, 1]: the mean over seats of health over maximum health, 0 for a dead pioneer", Value: func(s game.State) float64 {
		m := s.(*machina.State)
		sum := 0.0
		for i := 0; i < int(m.N); i++ {
			if p := &m.P[i]; p.Alive {
				sum += float64(p.HP) / float64(max(1, int(m.Content().Pioneers[p.Card].MaxHP)))
			}
		}
		return sum / float64(max(1, int(m.N)))
	}},
	{Name: "kills", Doc: "monsters the pioneers destroyed (MA §7.6), over 4 per pioneer, capped at 1", Value: func(s game.State) float64 {
		m := s.(*machina.State)
		k := 0
		for i := 0; i < int(m.N); i++ {
			k += int(m.P[i].Kills)
		}
		return min(1, float64(k)/float64(4*max(1, int(m.N))))
	}},
	{Name: "monsters", Doc: "minus the monsters in play (the monster order, MA §6.4) over 4 per pioneer, capped: in [-1, 0]", Value: func(s game.State) float64 {
		m := s.(*machina.State)
		return -min(1, float64(len(m.Order))/float64(4*max(1, int(m.N))))
	}},
	{Name: "lair", Doc: "the time left in the chapter in [0, 1]: the lair value's way down to the timeout (MA §6.2) over its way from the chapter's start; 1 where nothing counts down (machina.State.LairLeft)", Value: func(s game.State) float64 {
		return s.(*machina.State).LairLeft()
	}},
	{Name: "gear", Doc: "the pioneers' equipment in [0, 1]: the mean over seats of the items a pioneer has equipped (main items, upgrades and extensions, MA §13.1, §13.5) over 3, capped at 1, 0 for a dead pioneer", Value: func(s game.State) float64 {
		m := s.(*machina.State)
		var n [machina.MaxPioneers]int
		for i := range m.Items {
			if it := &m.Items[i]; it.Zone == machina.ZoneEquipped && it.Owner >= 0 && int(it.Owner) < machina.MaxPioneers {
				n[it.Owner]++
			}
		}
		sum := 0.0
		for i := 0; i < int(m.N); i++ {
			if m.P[i].Alive {
				sum += min(1, float64(n[i])/3)
			}
		}
		return sum / float64(max(1, int(m.N)))
	}},
}

// The team reward of the MachinaArcana/* envs: Step's reward is the pioneers'
// score change, +1 on victory and -1 on defeat when the game ends (MA §20),
// 0 when the round cap cuts it. Per seat (Info.Rewards, the PettingZoo
// rewards), living pioneers share it; once the monster side plays
// (cooperative=false and a pioneer died, MA §19.3, §23.7) the dead pioneers
// and the monsters seat take its negation; in a cooperative game the
// monsters seat gets 0.
func init() {
	Register(Entry{
		ID:          MachinaFrozenEngineID,
		Description: "Machina Arcana, The Frozen Engine: 1-4 pioneers explore a tile grid through its chapters to a ritual finale; when a pioneer dies the dead control the monsters (agent `monsters`, negated reward) unless cooperative=true. Team reward +1 victory, -1 defeat (MA §20).",
		Options: append([]OptionDoc{
			{Name: "pioneers", Default: "2", Doc: "a count 1-4 (the first N pioneers of the content: Lorre Jerrard, Hank Horden, Kim, Philip), or comma-separated pioneer ids or names"},
			{Name: "variant", Default: "", Doc: "comma-separated variants (MA §5): easy (the fate die's 0 counts 0), very_easy (lair and horror never decrease), quick (skip the scenario's quick_skips chapters), very_quick (only its very_quick chapters, won by leaving the board in the last); quick and very_quick exclude each other; campaign (MA §5.4): one episode is a campaign of campaign_games games of the scenario, the survivors of a won game keeping the items and personal events they choose (PromptKeep) into the next, which starts with danger raised by their preparedness; a defeat ends it, the last game's victory wins it"},
			{Name: "campaign_games", Default: "2", Doc: "the games in one campaign episode (2-9), with variant=campaign (MA §5.4)",
				Needs: "variant=campaign"},
			{Name: "cooperative", Default: "false", Doc: "keep the monsters predictable after a pioneer dies (MA §19.4–19.5): the monsters seat never acts and its reward is 0, one team only"},
			{Name: "round_cap", Default: "0", Doc: "end the game after this many rounds with score 0 (terminated, no winner); 0 is no cap"},
			{Name: "danger_track", Default: "0", Doc: "design parameter (MA §22.5): divisions of the danger track before the arrow (the increases per monster level), 2-12; 0 takes the scenario's"},
			{Name: "recharge_faces", Default: "112230", Doc: "design parameter (MA §22.4): the recharge die's six faces as six digits, 0 nothing, 1 restore 1 health, 2 restore 2 stamina, 3 restore 3 stamina"},
			{Name: "lair_scale_twice", Default: "false", Doc: "design parameter (MA §22.A.2): apply the lair scaling of MA §6.2 step 3 on top of §14.6 when a chapter times out"},
			{Name: "level5_death", Default: "false", Doc: "design parameter (MA §6.5.1 step 3, §22.16): when danger increases at monster level 5, each pioneer may choose to die (Pass in the level-5 prompt) instead of discarding an equipped item; false: it must discard one while it has one"},
			{Name: "content", Default: "", Doc: "a directory of content YAML files (docs/machina-content.md) used instead of the shipped content (env/machina/content): copy that directory and edit it; errors name the file and line. Loaded once per process"},
			{Name: "scenario", Default: "frozen_engine", Doc: "the scenario id to play from the content (for user content with its own scenarios)"},
			{Name: "chapters", Default: "", Doc: "comma-separated chapter numbers (from 1, increasing) to play instead of the scenario's own list: a training curriculum, not a rulebook variant (e.g. the last chapters alone, to practise the finale); excludes quick and very_quick"},
			{Name: "start_items", Default: "0", Doc: "curriculum: item gains (MA §13.8) each pioneer makes before the first chapter, 0-4: with chapters, the gear the skipped chapters would have brought (docs/shaping.md); not a rulebook variant"},
			{Name: "option_paths", Default: "false", Doc: "add the observation field option_paths: for each option row that refers to a cell, the steps from it to the nearest pioneer, monster, goal cell and unexplored border (docs/observations/machina.md); it costs a spread over the board per decision"},
			{Name: "option_abilities", Default: "false", Doc: "add the observation field option_abilities: for each option row that uses an ability, what it does (attack, dice, heal, target symbol, range, costs) and the monsters, pioneers and cells its target prompt would offer now (docs/observations/machina.md)"},
		}, ShapingOptions(machinaPotentials)...),
		Build:      buildMachina,
		Potentials: machinaPotentials,
	})
}

// machinaContents caches user content directories by absolute path.
var machinaContents sync.Map // string → *machina.Content

// machinaContent returns the shipped content, or the content of dir.
func machinaContent(dir string) (*machina.Content, error) {
	if dir == "" {
		return machinacontent.Shipped()
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("option content=%s: %v", dir, err)
	}
	if c, ok := machinaContents.Load(abs); ok {
		return c.(*machina.Content), nil
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("option content=%s: not a directory", dir)
	}
	c, err := machinacontent.Load(os.DirFS(abs))
	if err != nil {
		return nil, fmt.Errorf("option content=%s: %s/%v", dir, strings.TrimSuffix(dir, "/"), err)
	}
	machinaContents.Store(abs, c)
	return c, nil
}

// machinaPioneers reads the pioneers option: a count takes the content's
// first N pioneers; anything else is a list of ids or names.
func machinaPioneers(v string, ct *machina.Content) ([]string, error) {
	t := strings.TrimSpace(v)
	n, err := strconv.Atoi(t)
	if err != nil {
		return strings.Split(v, ","), nil
	}
	if n < 1 || n > machina.MaxPioneers || n > len(ct.Pioneers) {
		return nil, fmt.Errorf("option pioneers=%d: want a count 1 to %d, or pioneer ids or names", n, min(machina.MaxPioneers, len(ct.Pioneers)))
	}
	ids := make([]string, n)
	for i := range ids {
		ids[i] = ct.Pioneers[i].ID
	}
	return ids, nil
}

// machinaConfig reads the game's options into a config.
func machinaConfig(opts Options, ct *machina.Content) (machina.Config, error) {
	var cfg machina.Config
	var err error
	if cfg.Pioneers, err = machinaPioneers(opts.Str("pioneers", "2"), ct); err != nil {
		return cfg, err
	}
	for _, v := range strings.Split(opts.Str("variant", ""), ",") {
		switch strings.TrimSpace(strings.ReplaceAll(v, "-", "_")) {
		case "", "standard":
		case "easy":
			cfg.Easy = true
		case "very_easy":
			cfg.VeryEasy = true
		case "quick", "short":
			cfg.Quick = true
		case "very_quick", "very_short":
			cfg.VeryQuick = true
		case "campaign":
			if cfg.Campaign, err = opts.Int("campaign_games", 2); err != nil {
				return cfg, err
			}
			if cfg.Campaign < 2 || cfg.Campaign > 9 {
				return cfg, fmt.Errorf("option campaign_games=%d: want 2 to 9", cfg.Campaign)
			}
		default:
			return cfg, fmt.Errorf("option variant=%q: want easy, very_easy, quick, very_quick or campaign (comma-separated)", v)
		}
	}
	if cfg.Cooperative, err = opts.Bool("cooperative", false); err != nil {
		return cfg, err
	}
	if cfg.RoundCap, err = opts.Int("round_cap", 0); err != nil {
		return cfg, err
	}
	if cfg.RoundCap < 0 {
		return cfg, fmt.Errorf("option round_cap=%d: must be 0 or more", cfg.RoundCap)
	}
	if cfg.DangerTrack, err = opts.Int("danger_track", 0); err != nil {
		return cfg, err
	}
	if cfg.LairScaleTwice, err = opts.Bool("lair_scale_twice", false); err != nil {
		return cfg, err
	}
	if cfg.Level5Death, err = opts.Bool("level5_death", false); err != nil {
		return cfg, err
	}
	for _, v := range strings.Split(opts.Str("chapters", ""), ",") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return cfg, fmt.Errorf("option chapters=%q: want chapter numbers, comma-separated", opts.Str("chapters", ""))
		}
		cfg.Chapters = append(cfg.Chapters, n)
	}
	if cfg.Start.Items, err = opts.Int("start_items", 0); err != nil {
		return cfg, err
	}
	if cfg.Start.Items < 0 || cfg.Start.Items > machina.MaxStartItems {
		return cfg, fmt.Errorf("option start_items=%d: want 0 to %d", cfg.Start.Items, machina.MaxStartItems)
	}
	faces := strings.TrimSpace(opts.Str("recharge_faces", ""))
	if faces != "" {
		if len(faces) != 6 {
			return cfg, fmt.Errorf("option recharge_faces=%q: want six digits 0-3", faces)
		}
		for i := 0; i < 6; i++ {
			if faces[i] < '0' || faces[i] > '3' {
				return cfg, fmt.Errorf("option recharge_faces=%q: want six digits 0-3", faces)
			}
			cfg.RechargeFaces[i] = faces[i] - '0'
		}
	}
	return cfg, nil
}

// buildMachina makes a Machina Arcana game for env options.
func buildMachina(opts Options) (*Game, error) {
	ct, err := machinaContent(opts.Str("content", ""))
	if err != nil {
		return nil, err
	}
	id := opts.Str("scenario", "frozen_engine")
	sc := ct.Scenario(id)
	if sc == nil {
		known := make([]string, len(ct.Scenarios))
		for i := range ct.Scenarios {
			known[i] = ct.Scenarios[i].ID
		}
		return nil, fmt.Errorf("option scenario=%s: no such scenario in the content (it has: %s)", id, strings.Join(known, ", "))
	}
	cfg, err := machinaConfig(opts, ct)
	if err != nil {
		return nil, err
	}
	first, err := machina.New(sc, cfg, 0, false) // checks the config
	if err != nil {
		return nil, err
	}
	var x machinaobs.Extras
	if x.Paths, err = opts.Bool("option_paths", false); err != nil {
		return nil, err
	}
	if x.Abilities, err = opts.Bool("option_abilities", false); err != nil {
		return nil, err
	}
	enc, err := machinaobs.NewWith(first.Info(), x)
	if err != nil {
		return nil, err
	}
	return &Game{
		Info: first.Info(),
		New: func(seed uint64, logging bool) game.State {
			s, err := machina.New(sc, cfg, seed, logging)
			if err != nil {
				panic(err) // the config was checked above
			}
			return s
		},
		Encoder: enc,
	}, nil
}
