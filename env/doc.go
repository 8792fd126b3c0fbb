// Package env is the reinforcement-learning face of Mythos: Gymnasium-style
// environments (Reset, Step, a Spec, the legal-action mask, the agent to act),
// a registry of env ids, a vector env that steps many envs across cores into
// caller-owned buffers, and wrappers (skip trivial prompts, step limit,
// episode recording).
//
// An env assembles a game state (package game and the games under env/) with
// an encoder (package encode):
//
//	e, err := env.Make("ArkhamLCG/TheGathering-v0", env.Options{"investigators": "2"})
//	obs, info := e.Reset(7)
//	for {
//		a := pick(obs, info.Mask)
//		tr, err := e.Step(a)
//		if err != nil { ... } // illegal action: nothing changed
//		if tr.Terminated || tr.Truncated { break }
//		obs, info = tr.Obs, tr.Info
//	}
package env
