package stitchrt

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A suiteCase is one test of the JSON Schema Test Suite.
type suiteCase struct {
	Format      string // the schema's format
	Group, Desc string // the group's and the test's descriptions
	Data        json.RawMessage
	Valid       bool
}

// suiteFormatDir returns the draft2020-12 optional/format directory of the
// JSON Schema Test Suite, shared beside the repository root. It is missing
// outside the project workspace: the test then skips, except in CI
// (CI=true), where it fails.
func suiteFormatDir(t *testing.T) string {
	t.Helper()
	// The test runs in stitchrt/, one below the repository root.
	dir := filepath.Join("..", "..", "shared", "testdata", "JSON-Schema-Test-Suite", "tests", "draft2020-12", "optional", "format")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("JSON Schema Test Suite missing in CI: %v", err)
		}
		t.Skipf("JSON Schema Test Suite not present: %v", err)
	}
	return dir
}

// suiteCases reads every case of the suite's format files whose format
// the decoders enforce; files of other formats (idn-email, iri, ...) are
// skipped by name.
func suiteCases(t *testing.T) []suiteCase {
	t.Helper()
	dir := suiteFormatDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []suiteCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Description string
			Schema      struct{ Format string }
			Tests       []struct {
				Description string
				Data        json.RawMessage
				Valid       bool
			}
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		for _, g := range groups {
			if _, ok := FormatFunc(g.Schema.Format); !ok {
				t.Logf("%s: format %q not enforced by the decoders, skipped", filepath.Base(f), g.Schema.Format)
				continue
			}
			for _, c := range g.Tests {
				out = append(out, suiteCase{Format: g.Schema.Format, Group: g.Description, Desc: c.Description, Data: c.Data, Valid: c.Valid})
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no suite cases read")
	}
	return out
}

// TestFormatSuite runs every string case of the JSON Schema Test Suite's
// draft2020-12 optional/format files through the format functions and
// compares each verdict with the suite's. Non-string data is left to the
// generated-decoder test: a format ignores non-strings, a Format function
// takes a string.
func TestFormatSuite(t *testing.T) {
	wrong := map[string]int{}
	total := map[string]int{}
	for _, c := range suiteCases(t) {
		var s string
		if len(c.Data) == 0 || c.Data[0] != '"' { // json.Unmarshal takes null for a string
			continue
		}
		if err := json.Unmarshal(c.Data, &s); err != nil {
			t.Fatal(err)
		}
		total[c.Format]++
		f, _ := FormatFunc(c.Format)
		if got := f(s); got != c.Valid {
			wrong[c.Format]++
			t.Errorf("format %s, %q (%s: %s): got %v, suite says %v", c.Format, s, c.Group, c.Desc, got, c.Valid)
		}
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	sum := 0
	for _, n := range names {
		sum += wrong[n]
		b.WriteString("\n  " + n + ": " + strconv.Itoa(wrong[n]) + " wrong of " + strconv.Itoa(total[n]))
	}
	t.Logf("wrong verdicts: %d%s", sum, b.String())
}
