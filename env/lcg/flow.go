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
	c := game.Resolve(&s.stack, s, handlers[:])
	if c == game.Wait && !s.over {
		return
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

// hWindow is a player window (LCG §5.1): in player order each investigator
// may use ⚡ abilities and fast cards, or pass. Investigators with nothing to
// use are skipped without a prompt. Frame A is the player-order cursor.
func (s *State) hWindow(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code == ActPass {
			f.A++
		} else {
			s.doFast(int(f.Who), o)
			return s.cont(game.Again)
		}
	}
	for ; f.A < int32(s.N); f.A++ {
		seat := s.seatAt(int(f.A))
		if !s.inGame(seat) {
			continue
		}
		p := s.ask(seat, PkWindow, -1)
		p.Add(ActPass, 0, 0)
		s.addFastOptions(seat, p, false)
		if len(p.Options) > 1 {
			f.Who = game.AgentID(seat)
			return game.Wait
		}
	}
	return game.Done
}

// window pushes a player window.
func (s *State) window() { s.push(opWindow, 0, -1, -1, 0, 0) }

// phaseWindow pushes the player window that follows the beginning of a
// phase (Frame B = 1; Mind Wipe is played "after a phase begins").
func (s *State) phaseWindow() { s.push(opWindow, 0, -1, -1, 0, 1) }
