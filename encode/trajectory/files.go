package trajectory

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// FileExt is the extension of trajectory files.
const FileExt = ".arrow"

// FileName is the name of the i-th file of a recording: part-00000.arrow, …
func FileName(i int) string { return fmt.Sprintf("part-%05d%s", i, FileExt) }

// tempName is where a Writer writes path until Close: a hidden file beside it.
func tempName(path string) string {
	dir, base := filepath.Split(path)
	return filepath.Join(dir, "."+base+".tmp")
}

// Files lists the complete trajectory files in dir, sorted by name.
// Temporary files of a run that was killed are not listed.
func Files(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); e.Type().IsRegular() && strings.HasSuffix(n, FileExt) && !strings.HasPrefix(n, ".") {
			out = append(out, filepath.Join(dir, n))
		}
	}
	sort.Strings(out)
	return out, nil
}
