package lcgobs

import "fmt"

// Conventions explains, in Markdown, what every ArkhamLCG/* layout shares;
// mythos spec --markdown prints it in the generated docs.
var Conventions = fmt.Sprintf(`## Conventions

- **Viewer.** Every observation is written from one investigator's point of view: the acting investigator in an env (`+"`Info.Agent`"+`), any seat through `+"`Env.Observe`"+`. Investigator rows are relative to the viewer: row 0 is the viewer, row r is seat (viewer+r) mod N (`+"`investigator_seat`"+` maps rows to seats); rows and slots that are empty are zero (card ids 0, `+"`option_action`"+` −1, `+"`investigator_seat`"+` −1).
- **Hidden information** (LCG §12.4) is never read, so it cannot reach a tensor: the order and content of every deck and of the encounter deck (only their sizes), the other investigators' hands (only their sizes), set-aside cards, the revealed side of unrevealed locations (their card id, shroud and clues appear once revealed), and the state's RNG. A test changes each of these and checks that no element moves.
- **Card ids** are int32 indices into the card table (0 is "no card", ids are below %d) for embedding tables. Beside them, float32 fields hold counts and flags as the game has them (not normalised), and the hand and option rows repeat each card's printed features so that policies without embeddings know what a card is.
- **Actions.** The action space is the engine's fixed vocabulary: id k chooses the option of the current prompt whose code is k. Ranged ids address slots: location slot k (the row of `+"`locations`"+`), enemy slot k (the row of `+"`enemies`"+`), the deciding investigator's hand, play-area and threat-area slots (rows of `+"`hand`"+`, `+"`play`"+` row 0, `+"`threat`"+` row 0), seats, and generic choices. Ids are stable: the engine only appends new ones. The int8 mask has 1 exactly at the codes of the prompt's options; Step rejects every other id and changes nothing.
- **Pointer policies.** The fields `+"`options`"+`, `+"`option_action`"+` and `+"`option_card`"+` list the legal options in prompt order (the first %d), one feature row each, when the viewer decides; a policy that scores rows answers with the row's `+"`option_action`"+`.
- **Incremental.** An env brings its observation up to date instead of writing it from zero: only the slots (locations, enemies, hand, play, threat, board, option rows) whose inputs changed are rewritten, with the counters, the prompt and the test (`+"`encode.IncrementalEncoder`"+`). The result is the full encoding's, bit for bit; the check mode (`+"`MYTHOS_CHECK_INCREMENTAL=1`"+`) verifies it every step.
- **Flat view.** `+"`env.Flat(e)`"+` gives one float32 vector per observation: the float32 buffer, then the int32 buffer as float32 (offsets in `+"`mythos spec ID --flat`"+`); the mask is unchanged.
`, NumCardIDs(), MaxOptions)
