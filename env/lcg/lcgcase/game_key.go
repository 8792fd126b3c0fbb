package lcgcase

// Game is the value of the `game:` key for this runner's cases (issue 22: a
// case file names its game, so that `mythos check FILE` works on a file
// anywhere). A case file is a bare list of cases (the form of most files
// under env/lcg/testdata/cases) or a mapping that names the game:
//
//	game: lcg
//	cases:
//	  - name: …
//
// Both forms are read by the runners' shared casefile.DecodeFile.
const Game = "lcg"
