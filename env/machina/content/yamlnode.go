package content

import (
	"fmt"
	"reflect"
	"strings"

	"gopkg.in/yaml.v3"
)

// DecodeNode decodes a YAML node into v (a pointer) strictly: an unknown key,
// a missing required key (tag option ",required") or a value of the wrong
// type is an error that names the file and line ("file:line: constraint").
// A struct field named Line of type int receives the node's line.
func DecodeNode(file string, n *yaml.Node, v any) error {
	return decodeValue(file, n, reflect.ValueOf(v).Elem())
}

func lineErr(file string, n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", file, n.Line, fmt.Sprintf(format, args...))
}

func decodeValue(file string, n *yaml.Node, v reflect.Value) error {
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch v.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return lineErr(file, n, "want a mapping for %s", v.Type().Name())
		}
		t := v.Type()
		seen := make([]bool, t.NumField())
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			fi := -1
			for j := 0; j < t.NumField(); j++ {
				if name, _, _ := strings.Cut(t.Field(j).Tag.Get("yaml"), ","); name == k.Value && name != "" && name != "-" {
					fi = j
				}
			}
			if fi < 0 {
				return lineErr(file, k, "unknown key %q in %s", k.Value, strings.ToLower(t.Name()))
			}
			if seen[fi] {
				return lineErr(file, k, "key %q given twice", k.Value)
			}
			seen[fi] = true
			if err := decodeValue(file, val, v.Field(fi)); err != nil {
				return err
			}
		}
		for j := 0; j < t.NumField(); j++ {
			f := t.Field(j)
			if f.Name == "Line" && f.Type.Kind() == reflect.Int {
				v.Field(j).SetInt(int64(n.Line))
			}
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if strings.Contains(opts, "required") && !seen[j] {
				return lineErr(file, n, "missing required key %q", name)
			}
		}
		return nil
	case reflect.Slice:
		if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
			return nil
		}
		if n.Kind != yaml.SequenceNode {
			return lineErr(file, n, "want a list")
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, c := range n.Content {
			if err := decodeValue(file, c, s.Index(i)); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := decodeValue(file, n, p.Elem()); err != nil {
			return err
		}
		v.Set(p)
		return nil
	case reflect.Interface:
		// A raw node, kept for a later pass.
		if v.Type() == reflect.TypeOf((*any)(nil)).Elem() {
			v.Set(reflect.ValueOf(n))
			return nil
		}
	}
	if n.Kind != yaml.ScalarNode {
		return lineErr(file, n, "want a single value")
	}
	if err := n.Decode(v.Addr().Interface()); err != nil {
		return lineErr(file, n, "%q is not a %s", n.Value, v.Type())
	}
	return nil
}
