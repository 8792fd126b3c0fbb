// Package casefile is what the three games' rules-case runners
// (env/lcg/lcgcase, env/ah3/ah3case, Machina's in env/machina) share: the
// case files (a list of cases, or a mapping of `game:` and `cases:`),
// decoded strictly so that a mistyped key is an error, every error naming
// the file and the line (casefile.go, game.go); the game key (game.go);
// the fields every case has — name, rule, game — and the extra content
// files it loads (header.go); and the comparison of expectations with the
// state (diffs.go) and the outcome `mythos check` prints (Status, Outcome).
package casefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"gopkg.in/yaml.v3"
)

// Decode reads a YAML list of T from data, rejecting unknown keys, and
// returns with it the line each item starts on. Errors name file and line.
func Decode[T any](file string, data []byte) ([]T, []int, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var items []T
	if err := dec.Decode(&items); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, fmt.Errorf("%s: no cases", file)
		}
		return nil, nil, decodeError(file, err)
	}
	// A second pass over the node tree gives each item its line.
	lines := make([]int, len(items))
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", file, err)
	}
	if len(root.Content) == 1 && root.Content[0].Kind == yaml.SequenceNode {
		for i, n := range root.Content[0].Content {
			if i < len(lines) {
				lines[i] = n.Line
			}
		}
	}
	return items, lines, nil
}

// LoadDir reads every *.yaml file of dir in name order with load and joins
// what they hold.
func LoadDir[T any](dir string, load func(path string) ([]T, error)) ([]T, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var all []T
	for _, f := range files {
		items, err := load(f)
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
	}
	return all, nil
}

// LoadFile reads path and decodes it with parse.
func LoadFile[T any](path string, parse func(file string, data []byte) ([]T, error)) ([]T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parse(path, data)
}

// Status is the outcome of a case.
type Status uint8

// Outcomes.
const (
	Pass Status = iota
	Fail
	Skip
)

// String names the outcome as mythos check prints it.
func (st Status) String() string { return [...]string{"PASS", "FAIL", "SKIP"}[st] }

// Outcome is a case's result as `mythos check` prints it: its status, its
// file:line, and each difference (or the error that stopped it).
type Outcome struct {
	Status Status
	Where  string
	Diff   []string
}
