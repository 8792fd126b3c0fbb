package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestWebRefusesBadFlags(t *testing.T) {
	t.Setenv("MYTHOS_TOKEN", "")
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"env":"ArkhamLCG/TheGathering-v0","seed":1,"actions":[99]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		want string
		args []string
	}{
		{"not a loopback address", []string{"web", "--addr", "0.0.0.0:0"}},
		{"not a loopback address", []string{"web", "--addr", ":0"}},
		{"--max-sessions", []string{"web", "--max-sessions", "0"}},
		{"--idle-timeout", []string{"web", "--idle-timeout", "0s"}},
		{"no such file", []string{"web", "--addr", "127.0.0.1:0", "--replay", "nope.json"}},
		{"option 99 does not exist", []string{"web", "--addr", "127.0.0.1:0", "--replay", bad}},
		{"listen on nowhere:-1", []string{"web", "--addr", "nowhere:-1", "--insecure"}},
	} {
		if _, _, err := mythos(t, "", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

// mythos web with a token and a trajectory of mythos record to replay:
// the printed address carries both, requests without the token are
// refused, and the replay answers every step.
func TestWebServesAReplayWithAToken(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := mythos(t, "", "record", "ArkhamLCG/TheGathering-v0", "--agent", "heuristic", "--episodes", "2", "--seed", "4", "--out", dir, "--quiet"); err != nil {
		t.Fatal(err)
	}
	outR, outW := io.Pipe()
	var errOut strings.Builder
	root := newRoot(strings.NewReader(""), outW, &errOut)
	root.SetArgs([]string{"web", "--addr", "127.0.0.1:0", "--token", "tok", "--replay", dir})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx); outW.Close() }()
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("no listening line: %v (stderr: %s)", err, errOut.String())
	}
	go io.Copy(io.Discard, outR)
	u, err := url.Parse(strings.TrimSpace(strings.TrimPrefix(line, "listening on ")))
	if err != nil || u.Query().Get("token") != "tok" || u.Query().Get("replay") == "" {
		t.Fatalf("listening line %q", line)
	}
	get := func(path string) (int, map[string]any) {
		t.Helper()
		r, err := http.Get("http://" + u.Host + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var m map[string]any
		_ = json.NewDecoder(r.Body).Decode(&m)
		return r.StatusCode, m
	}
	id := u.Query().Get("replay")
	if code, _ := get("/api/replay?s=" + id); code != http.StatusUnauthorized {
		t.Errorf("without the token: status %d, want 401", code)
	}
	code, m := get("/api/replay?token=tok&s=" + id + "&i=3")
	if code != 200 || m["env"] != "ArkhamLCG/TheGathering-v0" || m["step"] != 3.0 || m["steps"].(float64) < 3 {
		t.Errorf("a replay step: %d %v", code, m["error"])
	}
	// The same trajectory uploaded from the page.
	arrow, err := os.ReadFile(filepath.Join(dir, "part-00000.arrow"))
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", "http://"+u.Host+"/api/replay?name=part-00000.arrow&episode=1", bytes.NewReader(arrow))
	req.Header.Set("Authorization", "Bearer tok")
	req.Header.Set("Content-Type", "application/octet-stream")
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var up map[string]any
	_ = json.NewDecoder(r.Body).Decode(&up)
	r.Body.Close()
	if r.StatusCode != 200 || up["steps"].(float64) < 1 || up["mode"] != "replay" {
		t.Errorf("uploading an Arrow trajectory: %d %v", r.StatusCode, up["error"])
	}
	if code, _ := get("/?token=tok"); code != 200 {
		t.Errorf("the page: %d", code)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("web returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("web did not stop")
	}
}
