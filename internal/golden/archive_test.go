package golden

import (
	"strings"
	"testing"
)

func TestParseFormatRoundTrip(t *testing.T) {
	src := "what it covers\n" +
		"-- args --\n-policy=strip -flatten=false\n" +
		"-- in/contract.go --\npackage p\n" +
		"-- in/sub/x.go --\npackage sub\n" +
		"-- want/stitch_gen.go --\n// gen\n" +
		"-- want/manifest.json --\n{}\n" +
		"-- stderr --\nx.go:1:1: warning: w\n"
	c, err := ParseCase("c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Args, "|") != "-policy=strip|-flatten=false" || len(c.In) != 2 || c.In[1].Name != "sub/x.go" ||
		len(c.Want) != 2 || !c.HasStderr || c.Stderr != "x.go:1:1: warning: w\n" || !c.wantsSuccess() {
		t.Errorf("ParseCase = %+v", c)
	}
	if got, ok := c.WantFile("manifest.json"); !ok || string(got) != "{}\n" {
		t.Errorf("WantFile(manifest.json) = %q, %v", got, ok)
	}
	// manifest.json sorts after the other outputs even when given first.
	c.Want[0], c.Want[1] = c.Want[1], c.Want[0]
	if got := string(c.Format()); got != src {
		t.Errorf("Format:\n%s\nwant:\n%s", got, src)
	}
}

func TestParseCaseErrors(t *testing.T) {
	for src, want := range map[string]string{
		"-- in/a.go --\nx\n-- in/a.go --\ny\n": `c: section "in/a.go" appears twice`,
		"-- want/x --\nx\n":                    "c: no in/ section",
		"-- in/../a.go --\nx\n":                `c: section "in/../a.go": want a clean relative path after "in/"`,
		"-- in/a.go --\nx\n-- out --\n":        `c: unknown section "out" (want args, stderr, in/..., want/...)`,
	} {
		if _, err := ParseCase("c", []byte(src)); err == nil || err.Error() != want {
			t.Errorf("ParseCase(%q) error = %v, want %q", src, err, want)
		}
	}
}

func TestCheckSectionSafe(t *testing.T) {
	if err := checkSectionSafe("f", []byte("a\n-- b --\n")); err == nil || err.Error() != `f has a line "-- b --" that txtar would read as a section marker` {
		t.Errorf("marker: %v", err)
	}
	if err := checkSectionSafe("f", []byte("a")); err == nil || err.Error() != "f does not end in a newline; a txtar section cannot hold it exactly" {
		t.Errorf("newline: %v", err)
	}
	if err := checkSectionSafe("f", []byte("")); err != nil {
		t.Errorf("empty: %v", err)
	}
}

func TestDiff(t *testing.T) {
	want := "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
	got := "1\n2\n3\n4\nfive\n6\n7\n8\n9\nten"
	d := Diff(want, got, 1)
	wantDiff := "@@ 3 unchanged lines @@\n 4\n-5\n+five\n 6\n@@ 2 unchanged lines @@\n 9\n+ten⏎(no newline)\n"
	if d != wantDiff {
		t.Errorf("Diff:\n%s\nwant:\n%s", d, wantDiff)
	}
	if Diff("a\n", "a\n", 3) != "" {
		t.Error("equal texts must give no diff")
	}
}
