// Package ah3 is the rules engine of Arkham Horror Third Edition (AH3): a
// pure, deterministic state machine over the kernel in env/game. Its content
// (the map, decks, monsters, investigators, archive) is data loaded by
// env/ah3/content; the shipped original scenario is content.Default().
//
// Every rule in code cites the rules reference it implements
// (../shared/rules/arkham-3e.md, "AH3 470.4a"); rulings where the reference
// is silent, and what is not implemented, are in docs/ah3-rulings.md.
//
// # Making a game
//
//	sc, err := content.Default()                  // or content.Load(os.DirFS(dir), ".")
//	g, err := ah3.NewGame(sc, ah3.Config{Investigators: []string{"Jenny Barnes", "Tommy Muldoon"}})
//	s := g.New(seed, false)                       // set up and run to the first decision
//	for !s.Over() {
//		p := s.Prompt()                            // p.Actor decides among p.Options
//		s.Apply(choose(p))                         // the option's index
//	}
//	s.Score()                                     // +1 win, −1 loss, 0 truncated at Config.RoundCap
//
// With Config.Choose each player picks an investigator at setup instead
// (AH3 110.1). ah3.New(sc, cfg, seed, logging) does both steps; (*State).Reset(seed, logging)
// starts a new game in the same storage. A Game is immutable and shared by
// every state made from it and their clones; Game.Info() is the static
// game.Info (seats, the action vocabulary, prompt kinds).
//
// # Decisions
//
// Every decision is a game.Prompt whose options carry stable action codes
// from one fixed vocabulary of NumActions (168) codes, independent of the
// scenario: ActPass (end the turn, stop, decline, accept the roll); ActSeat+i
// (an investigator); the standard actions ActMove…ActEvade and ActRecover;
// ActAbility+k (a sheet's component action) and ActAssetAction+k (an asset's);
// ActSkill+k; ActSpace+s (a space of the map); ActMonster+m (a board monster
// slot); ActAsset+k and ActTheirAsset+k (asset slots); ActOption+k (an
// encounter choice or starting option); ActReserve+k and ActDeckTop;
// ActRerollClue and ActRerollToken+k; the trade codes ActGive…/ActTake…;
// ActInvestigator+i (a sheet, for replacements); ActYes; the damage and
// horror exchange codes of A Friend in Need; and the reckoning-order codes
// ActReckonSheet, ActReckonRumor and ActCodex+k (a codex position).
// Option.Arg holds the decoded target (seat, space, monster slot, asset
// slot, option index). Prompt kinds (PromptWho, PromptAction, PromptMove, PromptSkill, PromptTarget,
// PromptReroll, PromptRedirect, PromptChoice, PromptGain, PromptPurchase,
// PromptTrade, PromptEvade, PromptDoom, PromptMonsterOrder, PromptEngage,
// PromptInvestigator, PromptStarting, PromptRetire, PromptCast,
// PromptExchange, PromptRepeat, PromptAttackOrder, PromptDoomOrder,
// PromptReckonOrder, PromptGear, PromptEncounterType) say what is asked.
// Group decisions (who acts next, monster order, attack order, engagement,
// doom placement and doom order, reckoning order) are asked of the lead investigator (AH3 004,
// 409.4); a prompt with a single option, or whose options cannot differ in
// effect, is resolved without asking; a PromptMove with a Source of 0 or more
// asks the lead for a monster's next step (that monster slot) among equally
// short ways (AH3 202.2g).
//
// # State
//
// A State is plain data (the exported Data: fixed-size arrays only) plus the
// RNG, effect stack, prompt and log; Clone copies it, MarshalBinary writes it
// canonically, Determinize resamples what nobody can see (deck orders,
// headlines, condition cards, archive variants). Hidden things an encoder
// must not show: the order of every Pile, the Card of an unflipped condition
// asset (show its condition name only), Variant of unrevealed archive
// numbers, HeadlineIn, Forced*.
//
// # Render
//
// Render shows the round and phase, the scenario sheet (doom, clues), the
// unstable space, the codex and Rumor, each neighborhood with its centre
// (clues, anomaly) and spaces (doom, investigators, monsters with health
// and status), the streets, the Reserve, deck sizes, the mythos cup's
// remaining tokens, and each investigator (space, health, sanity, money,
// clues, remnants, skills with tokens, delayed, assets).
package ah3
