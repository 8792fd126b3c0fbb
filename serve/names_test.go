package serve

import (
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/internal/fixture"
)

// reservedFieldNames are names that frameworks consuming dict observations
// reserve: attributes of Python's dict (a field named so shadows them in
// code that reads observations as attributes), of torch.nn.Module and
// nn.ModuleDict (SB3's CombinedExtractor and RLlib's and TorchRL's models
// put one submodule per field in a ModuleDict: KeyError "attribute 'items'
// already exists"), and of TensorDict.
var reservedFieldNames = []string{
	// dict
	"items", "keys", "values", "get", "pop", "popitem", "update", "copy", "clear", "setdefault", "fromkeys",
	// torch.nn.Module, nn.ModuleDict
	"training", "forward", "modules", "children", "parameters", "buffers", "named_modules", "named_children",
	"named_parameters", "named_buffers", "state_dict", "load_state_dict", "train", "eval", "to", "cuda", "cpu",
	"half", "float", "double", "type", "apply", "zero_grad", "register_buffer", "register_parameter",
	"add_module", "register_module", "get_submodule", "requires_grad_", "share_memory", "extra_repr", "call_super_init",
	"dump_patches", "T_destination",
	// TensorDict
	"batch_size", "device", "names", "select", "exclude", "unbind", "set", "to_dict", "is_empty",
}

// No observation field of any env has a reserved name, so that SB3, RLlib
// and TorchRL can build models over every env's dict observation. Machina
// Arcana's item rows were "items" (SB3's MultiInputPolicy failed on it).
func TestObservationFieldNamesAreNotReserved(t *testing.T) {
	fixture.Register()
	reserved := map[string]bool{}
	for _, n := range reservedFieldNames {
		reserved[n] = true
	}
	for _, id := range env.IDs() {
		e, err := env.Make(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range e.Spec().Layout.Fields {
			if reserved[f.Name] || f.Name == "" || f.Name[0] == '_' {
				t.Errorf("%s: observation field %q is a name frameworks reserve (dict/nn.Module attributes): rename it", id, f.Name)
			}
		}
	}
}
