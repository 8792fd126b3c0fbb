package ah3obs

import (
	"fmt"
	"strings"
)

// columns names the columns of a field's last dimension, for its doc.
type columns []string

// doc appends the column names to a field's doc.
func (c columns) doc(s string) string { return s + " Columns: " + strings.Join(c, ", ") + "." }

// index returns the column named name; it panics for an unknown name, so a
// typo fails at package init.
func (c columns) index(name string) int {
	for i, n := range c {
		if n == name {
			return i
		}
	}
	panic("ah3obs: no column " + name)
}

// numbered returns prefix0 … prefix(n-1).
func numbered(prefix string, n int) columns {
	c := make(columns, n)
	for i := range c {
		c[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return c
}

// prefixed returns each name with prefix.
func prefixed(prefix string, names []string) columns {
	c := make(columns, len(names))
	for i, n := range names {
		c[i] = prefix + n
	}
	return c
}

func concat(cs ...columns) columns {
	var out columns
	for _, c := range cs {
		out = append(out, c...)
	}
	return out
}
