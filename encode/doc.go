// Package encode turns game states into what a learning agent sees: named
// tensors of fixed shape (a [Layout] over caller-owned buffers), the int8
// legal-action mask, and the mapping from action ids to prompt options.
//
// Encoders write into buffers they are given and never allocate on the step
// path. An encoder knows games; games know nothing of encoders.
//
// # Three ways to write an observation
//
//   - [Encoder.Encode] writes a row from zero: it clears both buffers, then
//     writes the non-zero elements.
//   - [TouchEncoder.EncodeTouched] does the same but keeps a [Touched]
//     record of the blocks of 8 elements it wrote, so that the next encoding
//     clears only those and a sparse reader (the server's replies) visits
//     only those.
//   - [IncrementalEncoder.EncodeIncremental] brings a row it wrote before
//     up to date. The encoder divides its layout into blocks (a [Plan]: one
//     per entity slot — a location, an enemy, a hand slot, an option row —
//     and a few for the counters, the prompt and the test). The row's owner
//     keeps a [Memory] beside it: the [Key] each block was written from, a
//     few words packed from the state (a card's id, damage, doom, …) such
//     that equal keys write equal elements. Each encoding computes every
//     keyed block's key and rewrites the block only when it changed
//     (Changed), clears the slots that emptied (Absent, AbsentMask), and
//     rewrites the unkeyed blocks (Rewrite, Overwrite). Nothing else is
//     touched: no clearing of the whole row. Keys are exact, so the result
//     does not depend on the row's history, only on the memory describing
//     the row; the memory starts over with a full rewrite (the row cleared,
//     every block written) after [Memory.Invalidate] (an env's Reset), on
//     other buffers than those it wrote last, on a new [Touched] record
//     ([Memory.Attach]) and when that record is not valid (whoever wrote
//     the row by other means says so that way).
//
// env.GameEnv keeps a Memory for its observation when its game's encoder is
// an IncrementalEncoder (lcgobs and ah3obs are), whether it writes into its
// own buffers or into a caller's row (EncodeInto, which starts over).
//
// # Check mode
//
// [Memory.SetCheck] (or MYTHOS_CHECK_INCREMENTAL=1 in the environment when
// the memory is made) makes every incremental encoding also encode the
// state from zero with the encoder's Encode and compare: a difference, or
// a non-zero element outside the blocks the Touched record marks, panics
// with a [MismatchError] naming the field and element. encodetest runs
// every env id that way over random play (200,000 decisions per env,
// 100,000 with -short, a million with MYTHOS_INCREMENTAL_DECISIONS=1000000:
// see encodetest.Decisions).
//
// # Writing an incremental encoder
//
// One set of writers serves all three ways. A game's writer embeds
// [Writer], made by [Start] (which calls [Obs.Begin] or [Memory.Begin])
// and ended by [Writer.Finish] (which runs the check). Before each keyed
// block it computes the key and writes only if w.Changed(block, key); it
// gets the elements through F, I, Fresh, SetF and SetI. On a full
// encoding Changed always answers yes and the buffers are zero; on an
// incremental one a changed block still holds its old elements, so the
// writer writes every element of it — Fresh returns a float32 range
// cleared first, and ids are written even when zero. Inputs that several
// blocks share (counts of enemies per location) are gathered whether or
// not the blocks are written.
//
// A memory keeps 16 bytes a block. Where a plan has many rows whose
// inputs pack in 32 bits (card rows), it adds them last with
// [Plan.Narrow], their writers call w.Changed32(block, key), and the
// memory keeps 4 bytes each. What a key leaves out must then not change
// under the memory: an encoder that leaves out what is fixed within a game
// (the cards' printed values) names it with [Memory.Within] before Start,
// and another tag makes the encoding a full rewrite.
//
// Keying every row costs a few instructions a row, every encoding, even
// when nothing changed. A group of rows written from one fixed-size part
// of the state (Machina's item and event cards: their zones, owners and
// progress) can sit behind a guard ([Plan.Guard]): the writer passes the
// bytes of that part ([Bytes]) to w.Same(guard, ...) and, when they are
// the bytes of the last encoding, skips the group's writers and reads what
// they derived from w.Keep(guard). Bytes that the writers do not read
// (padding) can only make Same answer "changed", never leave a stale row.
// Every incremental encoding consults every guard once.
//
// A block written every encoding of which the writers set few elements (the
// figures on Machina's board planes: a dozen cells of thousands) is a
// sparse block ([Plan.Sparse]): the writers mark what they write
// (w.Sparse(block) once, then Mark for each element), and the next
// encoding clears only the chunks of [SparseChunk] elements marked,
// instead of the whole block. In a vector of many envs this keeps most of
// the block out of the cache.
//
// A [Touched] record made by [MakeUnmarked] marks nothing and keeps only
// Valid: enough for a memory, which needs to know whether its row still
// holds its last encoding, not where it is non-zero. The vector env and
// the server's sessions give their incremental envs such records unless
// something reads the marks (the server's sparse packing); marking every
// block written cost a tenth of a card game's step.
//
// machinaobs uses the same machinery: a Plan beside its layout (the
// terrain planes, the sight plane, one block per card row, the
// always-written planes and vectors), NewMemory and EncodeIncremental
// (three lines each, as lcgobs), and Writer embedded in its writer;
// encode/machinaobs/incremental_test.go checks it against full encodings.
package encode
