package main

import (
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"
)

// version and commit name the build. Release builds set them with
//
//	go build -ldflags "-X main.version=v0.3.0 -X main.commit=$(git rev-parse HEAD)" ./cmd/mythos
//
// make build, make install and make run stamp the commit so. Without
// -ldflags the commit comes from the VCS stamp Go writes into the binary
// (vcs.revision, vcs.modified; absent with -buildvcs=false, with go run and
// go test): the version then says the commit is unknown and how to get it,
// rather than guess it from whatever repository the binary runs in.
var (
	version = "dev"
	commit  = ""
)

// pseudoVersion matches the versions Go makes up from a commit
// (v0.0.0-20261122023650-b424dcc4863d, with +dirty for a modified tree):
// the commit says more, so they are not shown as the version.
var pseudoVersion = regexp.MustCompile(`\d{14}-[0-9a-f]{12}|\+dirty$`)

// versionString is what mythos --version prints after "mythos ": the
// version, the commit (with "+modified" when the working tree had changes)
// and the Go version, read from info when ok.
func versionString(info *debug.BuildInfo, ok bool) string {
	v, rev, modified, goVersion := version, commit, false, ""
	if ok && info != nil {
		goVersion = info.GoVersion
		if mv := info.Main.Version; v == "dev" && mv != "" && mv != "(devel)" && !pseudoVersion.MatchString(mv) {
			v = mv // go install module@version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if rev == "" {
					rev = s.Value
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	var b strings.Builder
	b.WriteString(v)
	switch {
	case rev == "":
		b.WriteString(" (commit unknown: built without VCS information, e.g. by go run; make install stamps it)")
	case modified:
		fmt.Fprintf(&b, " (commit %s+modified)", rev)
	default:
		fmt.Fprintf(&b, " (commit %s)", rev)
	}
	if goVersion != "" {
		b.WriteString(" " + goVersion)
	}
	return b.String()
}

// buildVersion is versionString of this binary.
func buildVersion() string { return versionString(debug.ReadBuildInfo()) }
