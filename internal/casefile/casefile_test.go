package casefile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

type item struct {
	Name string `yaml:"name"`
}

func TestDecodeGivesLines(t *testing.T) {
	items, lines, err := Decode[*item]("a.yaml", []byte("# cases\n- name: one\n\n- name: two\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[1].Name != "two" || !slices.Equal(lines, []int{2, 4}) {
		t.Fatalf("items %v lines %v", items, lines)
	}
}

func TestDecodeErrorsNameFileAndLine(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"- name: one\n- nmae: two\n", "a.yaml: line 2: field nmae not found"},
		{"", "a.yaml: no cases"},
		{"- name: [\n", "a.yaml: line"},
	} {
		_, _, err := Decode[*item]("a.yaml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

func TestLoadDirInNameOrder(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"b.yaml": "- name: b\n", "a.yaml": "- name: a\n", "c.txt": "- name: c\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	parse := func(file string, data []byte) ([]*item, error) {
		items, _, err := Decode[*item](file, data)
		return items, err
	}
	items, err := LoadDir(dir, func(p string) ([]*item, error) { return LoadFile(p, parse) })
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[0].Name != "a" || items[1].Name != "b" {
		t.Fatalf("got %v", items)
	}
}
