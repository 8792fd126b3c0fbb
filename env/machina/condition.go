package machina

// Conditions of triggered abilities (MA §18.1): "when X, if Y: …". A
// condition is data on the ability (`if:` in the content, see
// docs/machina-content.md) and is checked when the trigger fires; a trigger
// whose condition fails is not resolved at all (no marker, no effect).

// Cond is a triggered ability's condition.
type Cond uint8

// Conditions.
const (
	CondNone Cond = iota
	// CondExtendedWeapon: the attack was made with a weapon's ability and
	// that weapon, still equipped by the attacker, has an extension attached
	// (MA §13.7; the Piercing Revolver, MA §21.3, R-PIERCE). Only a
	// when: after_attack trigger knows the attack's item.
	CondExtendedWeapon
	numConds
)

var condNames = [...]string{"", "extended_weapon"}

// String names the condition as the content format spells it.
func (c Cond) String() string { return condNames[c] }

// condHolds reports whether condition c holds for a trigger of creature cr;
// item is the item whose ability made the attack that fired it, or -1.
func (s *State) condHolds(c Cond, cr, item int) bool {
	switch c {
	case CondNone:
		return true
	case CondExtendedWeapon:
		return s.extendedWeapon(cr, item)
	}
	return false
}

// extendedWeapon reports whether item is a weapon equipped by pioneer p with
// an extension attached to it (MA §13.5, §13.7: the extension sits on the
// weapon's own extension symbol).
func (s *State) extendedWeapon(p, item int) bool {
	if item < 0 || item >= len(s.ct.Items) || s.ct.Items[item].Deck != Weapon {
		return false
	}
	if it := &s.Items[item]; it.Zone != ZoneEquipped || int(it.Owner) != p {
		return false
	}
	for j := range s.ct.Items {
		if x := &s.Items[j]; x.Zone == ZoneEquipped && int(x.Host) == item && x.Ext {
			return true
		}
	}
	return false
}
