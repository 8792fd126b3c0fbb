package lcg

import "github.com/mythos-rl/mythos/env/game"

// Operations of the effect stack (game.Frame.Op).
const (
	opRound uint16 = iota
	opMulligan
	opTurn
	opWindow
	opAct
	opAoO
	opAttack
	opDamage
	opTest
	opEncounter
	opMythosDraws
	opDraw
	opHandSize
	opEnemyAttacks
	opAgendaAdvance
	opActAdvance
	opEffect
	opHunters
	opTrigger
	opCampaign
	numOps
)

var handlers [numOps]game.Handler[*State]

func init() {
	handlers = [numOps]game.Handler[*State]{
		opRound:         (*State).hRound,
		opMulligan:      (*State).hMulligan,
		opTurn:          (*State).hTurn,
		opWindow:        (*State).hWindow,
		opAct:           (*State).hAct,
		opAoO:           (*State).hAoO,
		opAttack:        (*State).hAttack,
		opDamage:        (*State).hDamage,
		opTest:          (*State).hTest,
		opEncounter:     (*State).hEncounter,
		opMythosDraws:   (*State).hMythosDraws,
		opDraw:          (*State).hDraw,
		opHandSize:      (*State).hHandSize,
		opEnemyAttacks:  (*State).hEnemyAttacks,
		opAgendaAdvance: (*State).hAgendaAdvance,
		opActAdvance:    (*State).hActAdvance,
		opEffect:        (*State).hEffect,
		opHunters:       (*State).hHunters,
		opTrigger:       (*State).hTrigger,
		opCampaign:      (*State).hCampaign,
	}
}

// Apply implements game.State: it answers the prompt with option choice and
// runs the rules until the next decision. An illegal choice changes nothing.
func (s *State) Apply(choice int) error {
	if s.over {
		return &game.IllegalError{Choice: choice}
	}
	if err := game.CheckChoice(&s.prompt, choice); err != nil {
		return err
	}
	s.stack.Answer(choice)
	s.run()
	return nil
}

// run resolves the stack until a handler waits for a decision or the game
// ends.
func (s *State) run() {
	for {
		c := game.Resolve(&s.stack, s, handlers[:])
		if c == game.Wait && !s.over {
			return
		}
		if s.over && s.campaignContinues() {
			continue // a campaign's scenario ended: the between-scenarios step
		}
		if !s.over && s.Camp.On && s.Camp.Step == CampBetween && len(s.stack.Frames) == 0 {
			s.nextScenario() // the between-scenarios step is done
			continue
		}
		break
	}
	if !s.over {
		// The root frame never finishes while the game goes on.
		panic("lcg: the effect stack emptied before the game ended")
	}
	s.stack.Clear()
	s.prompt.Reset(game.NoAgent, PkNone, -1)
}

// push adds a frame.
func (s *State) push(op uint16, who int, src, tgt, a, b int32) {
	s.stack.Push(op, game.AgentID(who), src, tgt, a, b)
}

// ask starts a prompt for seat who.
func (s *State) ask(who int, kind game.PromptKind, src int32) *game.Prompt {
	s.prompt.Reset(game.AgentID(who), kind, src)
	return &s.prompt
}

// chosen returns the option answered to the frame's prompt.
func (s *State) chosen(f *game.Frame) game.Option { return s.prompt.Options[f.Answer] }

// seatAt returns the seat that is k-th in player order, starting with the
// lead investigator (LCG §3 Player Order).
func (s *State) seatAt(k int) int { return (int(s.Lead) + k) % int(s.N) }

// Kinds of opWindow frames (Frame B).
const (
	winPlayer     int32 = iota // a player window of the framework (LCG §5.1)
	winPhaseBegin              // the player window right after a phase begins (2.1, 4.1)
	winTurn                    // the window before an action, for the investigators other than Frame A's active one
)

// hWindow is a player window (LCG §5.1): in player order each investigator
// may use ⚡ abilities and fast cards, or pass; the window stays open until
// every investigator has passed in succession, so one who acts reopens it
// for those who passed before (LCG §12.1 player-window state; ruling
// R-WIN-PASS). Investigators with nothing to use pass without a prompt.
// Frame A is the player-order cursor, Step the passes in succession; Frame B
// is the window's kind (winTurn: turnWindow).
func (s *State) hWindow(f *game.Frame) game.Control {
	if f.B == winTurn {
		return s.turnWindow(f)
	}
	n := int32(s.N)
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code != ActPass {
			f.Step = 0 // acting reopens the window for everyone (ruling R-WIN-PASS)
			s.doFast(int(f.Who), o)
			return s.cont(game.Again)
		}
		f.A, f.Step = (f.A+1)%n, f.Step+1
	}
	for int32(f.Step) < n {
		if seat := s.seatAt(int(f.A)); s.inGame(seat) {
			p := s.ask(seat, PkWindow, -1)
			p.Add(ActPass, 0, 0)
			s.addFastOptions(seat, p, false)
			if len(p.Options) > 1 {
				f.Who = game.AgentID(seat)
				return game.Wait
			}
		}
		f.A, f.Step = (f.A+1)%n, f.Step+1
	}
	return game.Done
}

// window pushes a player window.
func (s *State) window() { s.push(opWindow, 0, -1, -1, 0, winPlayer) }

// phaseWindow pushes the player window that follows the beginning of a
// phase (Mind Wipe is played "after a phase begins").
func (s *State) phaseWindow() { s.push(opWindow, 0, -1, -1, 0, winPhaseBegin) }

// phaseTrigger opens the timing point "after a phase begins" of a phase
// whose beginning the framework follows with no player window (LCG §5.2
// 1.1, 3.1; ruling R-PHASE-BEGIN): only cards whose play instruction is that
// trigger may be used there (LCG §3 Fast: a when/after instruction works
// like a trigger condition; Mind Wipe), offered as reactions in player order
// (triggers.go).
func (s *State) phaseTrigger() {
	s.emit(event{Kind: tpAfterPhaseBegin, Seat: int8(s.leadSeat()), Loc: -1, Subj: -1})
}

// turnWindow is the player window before an action of the active
// investigator (Frame A) for the other investigators, in player order (LCG
// §5.1, §5.2 2.2.1; ruling R-WIN-TURN). Frame Tgt is the player-order
// cursor, Step the passes in succession: it closes once every other
// investigator has passed in succession, and one who acts reopens it for
// those who passed (ruling R-WIN-PASS). Each is asked only while they have a
// ⚡ ability or fast card to use; advancing the act is left to the active
// investigator's prompt, where it always is (the lead chooses who pays: LCG
// §3 Act Deck, ruling R-TEAM).
func (s *State) turnWindow(f *game.Frame) game.Control {
	active := int(f.A)
	n := int32(s.N)
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code != ActPass {
			f.Step = 0 // acting reopens the window for the others (ruling R-WIN-PASS)
			s.doFast(int(f.Who), o)
			return s.cont(game.Again)
		}
		f.Tgt, f.Step = (f.Tgt+1)%n, f.Step+1
	}
	if !s.inGame(active) || int(s.Active) != active {
		return game.Done
	}
	for int32(f.Step) < n-1 {
		seat := s.seatAt(int(f.Tgt))
		if seat == active {
			f.Tgt = (f.Tgt + 1) % n
			continue
		}
		if s.inGame(seat) {
			p := s.ask(seat, PkWindow, -1)
			p.Add(ActPass, 0, 0)
			s.addOtherFastOptions(seat, p)
			if len(p.Options) > 1 {
				f.Who = game.AgentID(seat)
				return game.Wait
			}
		}
		f.Tgt, f.Step = (f.Tgt+1)%n, f.Step+1
	}
	return game.Done
}

// addOtherFastOptions lists what seat can use in the window before another
// investigator's action: its ⚡ abilities and fast cards (LCG §3 Fast), not
// the act's advancement (offered to the active investigator).
func (s *State) addOtherFastOptions(seat int, p *game.Prompt) {
	s.addFastOptions(seat, p, false)
	for i := 0; i < len(p.Options); i++ {
		if p.Options[i].Code == ActAdvanceAct {
			p.Options = append(p.Options[:i], p.Options[i+1:]...)
			break
		}
	}
}

// otherTurnWindow reports whether an investigator other than the active one
// has something to use in the window before the active investigator's next
// action (no prompt opens otherwise).
func (s *State) otherTurnWindow(active int) bool {
	if s.N < 2 {
		return false
	}
	p := &s.prompt
	for i := 0; i < int(s.N); i++ {
		if i == active || !s.inGame(i) {
			continue
		}
		p.Reset(game.AgentID(i), PkWindow, -1)
		p.Add(ActPass, 0, 0)
		s.addOtherFastOptions(i, p)
		if len(p.Options) > 1 {
			return true
		}
	}
	return false
}
