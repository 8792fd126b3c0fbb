package ah3

import "fmt"

// Why an investigator's money changed: C's low byte of an EvMoney event.
const (
	moneyEffect   int32 = iota // a card's or an encounter's effect
	moneyGather                // the Gather Resources action (AH3 475.2)
	moneyStep                  // a paid step of a move (AH3 416.2)
	moneyPurchase              // a card bought from the Reserve (AH3 411); C>>8 is the card
	moneyGive                  // given in a trade (AH3 452); C>>8 is the other seat
	moneyTake                  // taken in a trade (AH3 452); C>>8 is the other seat
)

// addMoney changes seat's money by delta (negative: paid) and logs it with
// why and its argument (a card, a seat), so that the log says every dollar
// gained and spent.
func (s *State) addMoney(seat int8, delta int16, why, arg int32) {
	st := &s.Seats[seat]
	st.Money += delta
	s.event(EvMoney, seat, int32(delta), int32(st.Money), why|arg<<8)
}

// narrateMoney says an EvMoney event in words.
func (s *State) narrateMoney(who string, delta, now, c int32) string {
	arg := c >> 8
	switch c & 0xff {
	case moneyGather:
		return fmt.Sprintf("%s gathers $%d (now $%d)", who, delta, now)
	case moneyStep:
		return fmt.Sprintf("%s pays $%d for the %s step of the move (now $%d)", who, -delta, ordinal(int(arg)+1), now)
	case moneyPurchase:
		return fmt.Sprintf("%s pays $%d for %s (now $%d)", who, -delta, s.sc().Assets[arg].Name, now)
	case moneyGive:
		return fmt.Sprintf("%s gives $%d to %s (now $%d)", who, -delta, s.seatName(int8(arg)), now)
	case moneyTake:
		return fmt.Sprintf("%s takes $%d from %s (now $%d)", who, delta, s.seatName(int8(arg)), now)
	}
	if delta < 0 {
		return fmt.Sprintf("%s spends $%d (now $%d)", who, -delta, now)
	}
	return fmt.Sprintf("%s gains $%d (now $%d)", who, delta, now)
}

// ordinal spells 1 to 4 as first to fourth (the steps of a move), else "Nth".
func ordinal(n int) string {
	if n >= 1 && n <= 4 {
		return [...]string{"first", "second", "third", "fourth"}[n-1]
	}
	return fmt.Sprintf("%dth", n)
}
