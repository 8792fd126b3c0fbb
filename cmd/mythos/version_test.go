package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionString(t *testing.T) {
	info := func(settings ...string) *debug.BuildInfo {
		b := &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Version: "(devel)"}}
		for i := 0; i+1 < len(settings); i += 2 {
			b.Settings = append(b.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return b
	}
	for _, tc := range []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"clean tree", info("vcs.revision", "abc123", "vcs.modified", "false"), "dev (commit abc123) go1.99"},
		{"modified tree", info("vcs.revision", "abc123", "vcs.modified", "true"), "dev (commit abc123+modified) go1.99"},
		{"no vcs stamp", info(), "dev (commit unknown: built without VCS information, e.g. by go run; make install stamps it) go1.99"},
	} {
		if got := versionString(tc.info, true); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// go install module@v1.2.0 names a release; a version Go made up from
	// the commit does not replace "dev"
	for mv, want := range map[string]string{
		"v1.2.0": "v1.2.0 (commit abc123) go1.99",
		"v0.0.0-20261122023650-b424dcc4863d+dirty": "dev (commit abc123) go1.99",
		"v0.3.1-0.20261122023650-b424dcc4863d":     "dev (commit abc123) go1.99",
	} {
		b := info("vcs.revision", "abc123")
		b.Main.Version = mv
		if got := versionString(b, true); got != want {
			t.Errorf("module version %s: %q, want %q", mv, got, want)
		}
	}
	// no build information at all
	if got, want := versionString(nil, false), "dev (commit unknown: built without VCS information, e.g. by go run; make install stamps it)"; got != want {
		t.Errorf("without build info: %q, want %q", got, want)
	}
	// -ldflags "-X main.version=... -X main.commit=..." win over the stamp
	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "v1.2.3", "fedcba"
	if got := versionString(info("vcs.revision", "abc123"), true); got != "v1.2.3 (commit fedcba) go1.99" {
		t.Errorf("with -ldflags: %q", got)
	}
}

func TestVersionFlag(t *testing.T) {
	out, _, err := mythos(t, "", "--version")
	if err != nil || !strings.HasPrefix(out, "mythos "+version+" (commit ") || !strings.HasSuffix(out, "\n") {
		t.Fatalf("--version: %v %q", err, out)
	}
}
