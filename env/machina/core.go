package machina

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/game"
)

// Operations of the effect stack (frames). Each handler cites its rule.
const (
	opRound uint16 = iota
	opPioneersPhase
	opTurn
	opLairPhase
	opHorrorPhase
	opMonstersPhase
	opMonsterTurn
	opPlace
	opAbility
	opEffects
	opAttack
	opHit
	opSteps
	opGainItem
	opWorkbench
	opInventory
	opTrade
	opExplore
	opEventCell
	opPioneerEvent
	opHorrorEvent
	opChapterStart
	opDanger
	opLevel5
	opExitPlace
	opCloseDoors
	opDestroyed
	opRetrigger
	opTeleportPick
	opSupport
	opNewRound
	opWindow
	opKeep
	opOrder
	opRestore
	opPartner
	opHolster
	opGift
	opMendDoor
	opTake
	opAfterAttack
	opWither
	opHitOrder
	numOps2
)

var handlers []game.Handler[*State]

func init() {
	handlers = make([]game.Handler[*State], numOps2)
	handlers[opRound] = (*State).doRound
	handlers[opNewRound] = (*State).doNewRound
	handlers[opPioneersPhase] = (*State).doPioneersPhase
	handlers[opTurn] = (*State).doTurn
	handlers[opLairPhase] = (*State).doLairPhase
	handlers[opHorrorPhase] = (*State).doHorrorPhase
	handlers[opMonstersPhase] = (*State).doMonstersPhase
	handlers[opMonsterTurn] = (*State).doMonsterTurn
	handlers[opPlace] = (*State).doPlace
	handlers[opAbility] = (*State).doAbility
	handlers[opEffects] = (*State).doEffects
	handlers[opAttack] = (*State).doAttack
	handlers[opHit] = (*State).doHit
	handlers[opSteps] = (*State).doSteps
	handlers[opGainItem] = (*State).doGainItem
	handlers[opWorkbench] = (*State).doWorkbench
	handlers[opInventory] = (*State).doInventory
	handlers[opTrade] = (*State).doTrade
	handlers[opExplore] = (*State).doExplore
	handlers[opEventCell] = (*State).doEventCell
	handlers[opPioneerEvent] = (*State).doPioneerEvent
	handlers[opHorrorEvent] = (*State).doHorrorEvent
	handlers[opChapterStart] = (*State).doChapterStart
	handlers[opDanger] = (*State).doDanger
	handlers[opLevel5] = (*State).doLevel5
	handlers[opExitPlace] = (*State).doExitPlace
	handlers[opCloseDoors] = (*State).doCloseDoors
	handlers[opDestroyed] = (*State).doDestroyed
	handlers[opRetrigger] = (*State).doRetrigger
	handlers[opTeleportPick] = (*State).doTeleportPick
	handlers[opSupport] = (*State).doSupport
	handlers[opWindow] = (*State).doWindow
	handlers[opKeep] = (*State).doKeep
	handlers[opOrder] = (*State).doOrder
	handlers[opRestore] = (*State).doRestore
	handlers[opPartner] = (*State).doPartner
	handlers[opHolster] = (*State).doHolster
	handlers[opGift] = (*State).doGift
	handlers[opMendDoor] = (*State).doMendDoor
	handlers[opTake] = (*State).doTake
	handlers[opAfterAttack] = (*State).doAfterAttack
	handlers[opWither] = (*State).doWither
	handlers[opHitOrder] = (*State).doHitOrder
}

// push adds a frame unless the game is over.
func (s *State) push(op uint16, who game.AgentID, src, tgt, a, b int32) {
	if s.over || s.campaign != campaignNone {
		return
	}
	s.stack.Push(op, who, src, tgt, a, b)
}

// ask opens a prompt; add options with opt, then return game.Wait.
func (s *State) ask(actor game.AgentID, kind game.PromptKind, src int32) {
	s.prompt.Reset(actor, kind, src)
}

func (s *State) opt(code game.ActionCode, arg, arg2 int32) { s.prompt.Add(code, arg, arg2) }

// answer returns the chosen option of a resumed frame.
func (s *State) answer(f *game.Frame) game.Option { return s.prompt.Options[f.Answer] }

// run resolves the stack until a decision or the end.
func (s *State) run() {
	for !s.over {
		c := game.Resolve(&s.stack, s, handlers)
		if c == game.Wait {
			if len(s.prompt.Options) == 0 {
				panic(fmt.Sprintf("machina: prompt %s with no options", promptKindNames[s.prompt.Kind]))
			}
			return
		}
		switch s.campaign {
		case campaignKeep:
			// MA §5.4: a won game of a campaign: the keep phase.
			s.campaign = campaignNone
			s.stack.Clear()
			s.KeptItems, s.KeptEvents = [MaxItems]bool{}, [MaxEvents]bool{}
			s.push(opKeep, game.NoAgent, -1, 0, 0, 0)
			continue
		case campaignNext:
			s.campaign = campaignNone
			s.nextGame()
			continue
		}
		if c == game.Halt || s.over {
			break
		}
		if s.stack.Len() == 0 {
			panic("machina: the round frame finished")
		}
	}
	s.prompt.Reset(game.NoAgent, game.PromptNone, -1)
}

// end finishes the game with a result: +1 victory, -1 defeat, 0 truncated
// (MA §20).
func (s *State) end(result int8) {
	if s.over || s.campaign != campaignNone {
		return
	}
	if s.campaignGoesOn(result) {
		// MA §5.4: not the campaign's last game: survivors go on.
		s.campaign = campaignKeep
		s.stack.Clear()
		s.log.Add(evEnd, game.NoAgent, int32(result), 1, 0)
		return
	}
	s.over, s.result, s.Phase = true, result, PhaseOver
	s.stack.Clear()
	s.log.Add(evEnd, game.NoAgent, int32(result), 0, 0)
}

// team returns the seat that answers the pioneer team's decisions (tie-breaks,
// order of turns): the active pioneer, else the first living pioneer.
func (s *State) team() game.AgentID {
	if s.Active >= 0 && s.P[s.Active].Alive {
		return game.AgentID(s.Active)
	}
	for i := 0; i < int(s.N); i++ {
		if s.P[i].Alive {
			return game.AgentID(i)
		}
	}
	return 0
}

// monsterSeat is the seat of the monster side (MA §23.7).
func (s *State) monsterSeat() game.AgentID { return game.AgentID(s.N) }

// Info describes the game.
func (s *State) Info() *game.Info { return s.info }

// Prompt is the decision the game waits for.
func (s *State) Prompt() *game.Prompt { return &s.prompt }

// Apply answers the prompt with option choice and runs to the next decision.
func (s *State) Apply(choice int) error {
	if err := game.CheckChoice(&s.prompt, choice); err != nil {
		return err
	}
	s.stack.Answer(choice)
	s.run()
	return nil
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Score is the expedition's result: +1 victory, -1 defeat, 0 running or
// truncated (MA §20, §23.6).
func (s *State) Score() float64 { return float64(s.result) }

// Returns writes each seat's result: Side(seat) × Score (MA §23.6, §23.7).
func (s *State) Returns(dst []float64) {
	sc := float64(s.result)
	for i := 0; i <= int(s.N); i++ {
		dst[i] = s.Side(game.AgentID(i)) * sc
	}
}

// Side implements [game.Sides]: living pioneers are the team; a dead pioneer
// and the monster seat play against it once the monster side plays (MA
// §19.1, §23.7); in a cooperative game every pioneer seat is on the team and
// the monster seat has no stake.
func (s *State) Side(seat game.AgentID) float64 {
	switch i := int(seat); {
	case i == int(s.N):
		if s.cfg.Cooperative {
			return 0
		}
		return -1
	case i < 0 || i > int(s.N):
		return 0
	case !s.P[i].Alive && !s.cfg.Cooperative:
		return -1
	}
	return 1
}

// RNG is the state's random source.
func (s *State) RNG() *game.RNG { return &s.rng }

// Log is the state's event log.
func (s *State) Log() *game.Log { return &s.log }

// Content is the content the game was made from.
func (s *State) Content() *Content { return s.ct }

// Scenario is the scenario being played.
func (s *State) Scenario() *Scenario { return s.sc }

// Config is the game's set-up.
func (s *State) Config() Config { return s.cfg }

// Result is +1 after a victory, -1 after a defeat, 0 otherwise.
func (s *State) Result() int { return int(s.result) }
