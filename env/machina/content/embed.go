package content

import (
	"embed"
	"io/fs"
	"os"
	"sync"

	"github.com/mythos-rl/mythos/env/machina"
)

// The shipped YAML of this directory, embedded.
//
//go:embed *.yaml
var shipped embed.FS

// ShippedFS is the shipped content: the *.yaml files of env/machina/content.
func ShippedFS() fs.FS { return shipped }

var (
	shippedOnce    sync.Once
	shippedContent *machina.Content
	shippedErr     error
)

// Shipped returns the shipped content, loaded and validated once; the
// result is shared and must not be modified.
func Shipped() (*machina.Content, error) {
	shippedOnce.Do(func() { shippedContent, shippedErr = Load(shipped) })
	return shippedContent, shippedErr
}

// ShippedWith returns the shipped content with extra content files added
// (paths on disk, docs/machina-content.md), for rules cases that need a
// test card or tile of their own. Ids must stay unique.
func ShippedWith(files []string) (*machina.Content, error) {
	c := &machina.Content{}
	if err := addDir(c, shipped); err != nil {
		return nil, err
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if err := addFile(c, f, data); err != nil {
			return nil, err
		}
	}
	if err := c.Link(); err != nil {
		return nil, err
	}
	return c, nil
}
