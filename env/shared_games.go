package env

import "sync"

// sharedGames keeps the games that Build functions made, by env id and
// options, for builds that ask for it: a game (its content tables, its
// encoder's static features) is immutable once built and may serve every env
// of the same id and options, so a vector or a server session of n envs
// builds it once instead of n times (for AH3, 10 KB of the 20 KB an env held
// in a vector). At most maxSharedGames are kept; builds past that are not
// shared.
var sharedGames struct {
	mu    sync.Mutex
	games map[string]*Game
}

const maxSharedGames = 64

// shared returns the game that build made for id and opts, building it on
// the first call. Only a build whose game depends on nothing but its options
// may be shared (not one that reads a user's files, which may change).
func shared(id string, opts Options, build func() (*Game, error)) (*Game, error) {
	key := id + "?" + opts.String()
	sharedGames.mu.Lock()
	defer sharedGames.mu.Unlock()
	if g, ok := sharedGames.games[key]; ok {
		return g, nil
	}
	g, err := build()
	if err != nil || len(sharedGames.games) >= maxSharedGames {
		return g, err
	}
	if sharedGames.games == nil {
		sharedGames.games = map[string]*Game{}
	}
	sharedGames.games[key] = g
	return g, nil
}
