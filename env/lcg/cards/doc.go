// Package cards is the card database of Arkham Horror: The Card Game (LCG):
// every card of the core set, player cards and the Night of the Zealot
// encounter cards, as plain records of their printed stats (LCG §8
// Appendix IV card anatomy), plus starter decks and deck validation by the
// deckbuilding rules (LCG §3 Deckbuilding, §9).
//
// The records are generated from ArkhamDB's JSON data into data_gen.go, which
// is committed, so building never needs the data files. Card texts are not
// stored: the generator derives structured fields from them (keywords, Uses,
// Spawn, Prey, which kinds of abilities a card has) and the engine implements
// each card's effect in code. Summary holds a short line in our own words.
//
// Cards are addressed by ID, a dense index into All(), or by their ArkhamDB
// code ("01001"). The table is shared and read-only: callers must not modify
// the Cards they get.
package cards

//go:generate go run ./internal/gen -in ../../../../shared/data/arkhamdb -out data_gen.go
