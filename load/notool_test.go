package load

import (
	"strings"
	"testing"
)

// TestNoToolWarnings pins when a run says that a package declares no tool
// (decision 0029): a package a pattern names by itself gets a warning at
// its package clause; a wildcard that also finds tools is quiet about the
// rest; a run whose patterns find no tool at all says so once.
func TestNoToolWarnings(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"tools/contract.go":   "package tools\n\n//stitch:tool\ntype Ping struct{}\n",
		"shared/b.go":         "package shared\n\ntype B struct{}\n",
		"shared/a.go":         "// Package shared has no tools.\npackage shared\n\ntype A struct{}\n",
		"shared/deep/deep.go": "package deep\n",
	})
	cases := []struct {
		patterns []string
		want     string
	}{
		{[]string{"./shared"}, `shared/a.go:2:1: warning: package shared: declares no //stitch:tool, so stitchgen generates nothing for it (pattern ./shared); mark a tool's input struct with //stitch:tool`},
		{[]string{"example.com/c/shared", "./tools"}, `shared/a.go:2:1: warning: package shared: declares no //stitch:tool, so stitchgen generates nothing for it (pattern example.com/c/shared); mark a tool's input struct with //stitch:tool`},
		{[]string{"./..."}, ``},
		{[]string{"./tools"}, ``},
		{[]string{"./shared/..."}, `shared/a.go:2:1: warning: package shared: no package matched by ./shared/... declares a //stitch:tool, so stitchgen generates nothing; mark a tool's input struct with //stitch:tool`},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.patterns, " "), func(t *testing.T) {
			_, diags, err := Load(Config{Dir: dir, Patterns: c.patterns})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(diagText(diags), "\n"); got != c.want {
				t.Errorf("diagnostics:\n got: %s\nwant: %s", got, c.want)
			}
		})
	}
}
