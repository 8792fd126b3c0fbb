// Package train trains neural policies for any registered env with PPO
// (proximal policy optimisation, actor-critic) using gorgonia for the
// gradients: a masked softmax over the Discrete action space (illegal actions
// have zero probability in sampling and in the loss), generalised advantage
// estimation, the clipped surrogate objective, a value loss, an entropy bonus,
// Adam with global-norm gradient clipping, minibatches and epochs, and running
// observation normalisation.
//
// The network is built from the env's Spec: every int32 observation field gets
// an embedding table (an embedding bag: the embeddings of the field's ids are
// summed), every float32 field feeds a tanh MLP together with those
// embeddings, and two heads give the action logits and the state value.
// Rollouts come from an [env.Vector] stepped across all cores; all the maths
// runs on one goroutine, so the same seed and config give the same run.
//
// A [Trainer] writes checkpoints (DIR/last, DIR/best) that resume exactly, a
// metrics CSV and a PNG learning curve. A checkpoint's network.json and
// weights.npz are also the export format that numpy loads
// (python/examples/policy_numpy.py), and [Policy] is the trained network as an
// agents.Agent, registered as "policy:ckpt=DIR/best".
package train
