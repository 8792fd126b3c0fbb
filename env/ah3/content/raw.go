package content

import "gopkg.in/yaml.v3"

// The raw types mirror the YAML files (docs/ah3-content.md); the loader
// checks their keys strictly and compiles them into a Scenario.

type rawSkills struct {
	Observation int `yaml:"observation"`
	Will        int `yaml:"will"`
	Lore        int `yaml:"lore"`
	Influence   int `yaml:"influence"`
	Strength    int `yaml:"strength"`
}

func (r rawSkills) array() [NumSkills]int {
	return [NumSkills]int{r.Observation, r.Will, r.Lore, r.Influence, r.Strength}
}

type rawSpace struct {
	Name  string `yaml:"name"`
	Icons string `yaml:"icons"`
}

type rawHood struct {
	Name   string     `yaml:"name"`
	Spaces []rawSpace `yaml:"spaces"`
	line   int
	file   string
}

type rawStreet struct {
	Name  string `yaml:"name"`
	Type  string `yaml:"type"`
	Icons string `yaml:"icons"`
	line  int
	file  string
}

type rawDoom struct {
	Space string `yaml:"space"`
	N     int    `yaml:"n"`
}

type rawPlacement struct {
	Monster   string `yaml:"monster"`
	Space     string `yaml:"space"`
	Exhausted bool   `yaml:"exhausted"`
}

type rawCup struct {
	SpreadDoom   int `yaml:"spread_doom"`
	SpawnMonster int `yaml:"spawn_monster"`
	SpawnClue    int `yaml:"spawn_clue"`
	Headline     int `yaml:"headline"`
	GateBurst    int `yaml:"gate_burst"`
	Reckoning    int `yaml:"reckoning"`
	Blank        int `yaml:"blank"`
}

type rawScenario struct {
	Name          string         `yaml:"name"`
	Title         string         `yaml:"title"`
	Intro         string         `yaml:"intro"`
	Start         string         `yaml:"start"`
	Neighborhoods []rawHood      `yaml:"neighborhoods"`
	Streets       []rawStreet    `yaml:"streets"`
	Adjacent      [][]string     `yaml:"adjacent"`
	Doom          []rawDoom      `yaml:"doom"`
	Placements    []rawPlacement `yaml:"monsters_on_map"`
	Cup           rawCup         `yaml:"cup"`
	Headlines     int            `yaml:"headlines"`
	Codex         []int          `yaml:"codex"`
	Anomalies     []string       `yaml:"anomalies"`
	Reckoning     yaml.Node      `yaml:"reckoning"`
	ReckoningText string         `yaml:"reckoning_text"`
	line          int
	file          string
	adjLine       []int
}

type rawAction struct {
	Name    string    `yaml:"name"`
	Engaged bool      `yaml:"engaged"`
	Where   string    `yaml:"where"`
	Effects yaml.Node `yaml:"effects"`
}

type rawAsset struct {
	Name        string     `yaml:"name"`
	Kind        string     `yaml:"kind"`
	Traits      []string   `yaml:"traits"`
	Price       int        `yaml:"price"`
	Hands       int        `yaml:"hands"`
	Health      int        `yaml:"health"`
	Sanity      int        `yaml:"sanity"`
	Copies      int        `yaml:"copies"`
	Bonus       rawSkills  `yaml:"bonus"`
	BonusAction string     `yaml:"bonus_action"`
	SixDouble   bool       `yaml:"six_double"`
	Reroll      bool       `yaml:"reroll"`
	RaiseDie    bool       `yaml:"raise_die"`
	RerollDice  int        `yaml:"reroll_dice"`
	Discount    int        `yaml:"discount"`
	HalfPrice   bool       `yaml:"half_price"`
	Successes   rawSkills  `yaml:"successes"`
	FocusLimit  int        `yaml:"focus_limit"`
	HoodInstead bool       `yaml:"neighborhood_instead"`
	Action      *rawAction `yaml:"action"`
	CastHorror  int        `yaml:"cast_horror"`
	Reckoning   yaml.Node  `yaml:"reckoning"`
	Condition   string     `yaml:"condition"`
	OtherFace   string     `yaml:"other_face"`
	Back        yaml.Node  `yaml:"back"`
	BackText    string     `yaml:"back_text"`
	Text        string     `yaml:"text"`
	line        int
	file        string
}

type rawMonster struct {
	Name        string    `yaml:"name"`
	Type        string    `yaml:"type"`
	Health      int       `yaml:"health"`
	Attack      int       `yaml:"attack"`
	Evade       int       `yaml:"evade"`
	Damage      int       `yaml:"damage"`
	Horror      int       `yaml:"horror"`
	Speed       int       `yaml:"speed"`
	Remnant     bool      `yaml:"remnant"`
	Keywords    []string  `yaml:"keywords"`
	Label       string    `yaml:"label"`
	Prey        string    `yaml:"prey"`
	Destination string    `yaml:"destination"`
	Spawn       string    `yaml:"spawn"`
	Activation  yaml.Node `yaml:"activation"`
	Text        string    `yaml:"text"`
	Copies      int       `yaml:"copies"`
	SetAside    bool      `yaml:"set_aside"`
	line        int
	file        string
}

type rawAbility struct {
	Name          string     `yaml:"name"`
	Text          string     `yaml:"text"`
	Action        *rawAction `yaml:"action"`
	PreventDamage int        `yaml:"prevent_damage"`
	PreventHorror int        `yaml:"prevent_horror"`
	Dice          rawSkills  `yaml:"dice"`
	ClueReroll    bool       `yaml:"clue_reroll"`
}

type rawInvestigator struct {
	Name       string       `yaml:"name"`
	Occupation string       `yaml:"occupation"`
	Roles      []string     `yaml:"roles"`
	Health     int          `yaml:"health"`
	Sanity     int          `yaml:"sanity"`
	Skills     rawSkills    `yaml:"skills"`
	Focus      int          `yaml:"focus"`
	Money      int          `yaml:"money"`
	Clues      int          `yaml:"clues"`
	Remnants   int          `yaml:"remnants"`
	Starting   []string     `yaml:"starting"`
	Options    []string     `yaml:"options"`
	Abilities  []rawAbility `yaml:"abilities"`
	line       int
	file       string
}

type rawEnc struct {
	At      string    `yaml:"at"`
	Text    string    `yaml:"text"`
	Effects yaml.Node `yaml:"effects"`
}

type rawEncounter struct {
	Name         string   `yaml:"name"`
	Neighborhood string   `yaml:"neighborhood"`
	Doom         []string `yaml:"doom"`
	Encounters   []rawEnc `yaml:"encounters"`
	line         int
	file         string
	kind         EncounterKind
}

type rawHeadline struct {
	Name      string    `yaml:"name"`
	Rumor     bool      `yaml:"rumor"`
	Effects   yaml.Node `yaml:"effects"`
	Reckoning yaml.Node `yaml:"reckoning"`
	Markers   int       `yaml:"markers"`
	Expire    yaml.Node `yaml:"expire"`
	Text      string    `yaml:"text"`
	line      int
	file      string
}

type rawArchive struct {
	Number    int         `yaml:"number"`
	Name      string      `yaml:"name"`
	Text      string      `yaml:"text"`
	Rule      string      `yaml:"rule"`
	OnAdd     yaml.Node   `yaml:"on_add"`
	Reckoning yaml.Node   `yaml:"reckoning"`
	Clues     int         `yaml:"clues"`
	OnClues   yaml.Node   `yaml:"on_clues"`
	Doom      int         `yaml:"doom"`
	OnDoom    yaml.Node   `yaml:"on_doom"`
	Monster   *rawMonster `yaml:"monster"`
	Attach    string      `yaml:"attach"`
	Interact  yaml.Node   `yaml:"on_interact"`
	line      int
	file      string
}
