package machinaobs

// Extras are optional fields of the observation, off by default because
// they cost more than the rest of an encoding.
type Extras struct {
	// Paths adds the field option_paths (paths.go): per option row, the walking
	// distances of its cell to the nearest pioneer, monster, goal and
	// unexplored border.
	Paths bool
	// Abilities adds the field option_abilities: per option row that uses
	// an ability, what it does and what it could target now (abilities.go).
	Abilities bool
}
