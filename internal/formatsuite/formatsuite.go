// Package formatsuite reads the JSON Schema Test Suite's draft2020-12
// optional/format files for the tests of the format checks: the runtime's
// functions (stitchrt) and the generated decoders (internal/hostile). The
// suite is shared beside the repository (../shared/testdata); it is not
// part of the repository.
package formatsuite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A Case is one test of the suite.
type Case struct {
	File        string // the file's name
	Format      string // the schema's format
	Group, Desc string // the group's and the test's descriptions
	Data        json.RawMessage
	Valid       bool
}

// rel is the suite's format directory below a folder above the working
// directory.
var rel = filepath.Join("shared", "testdata", "JSON-Schema-Test-Suite", "tests", "draft2020-12", "optional", "format")

// dir returns the format directory found in the nearest folder above the
// working directory that has it. When none has it the test skips, except
// in CI (CI=true), where it fails.
func dir(t testing.TB) string {
	t.Helper()
	d, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if fi, err := os.Stat(filepath.Join(d, rel)); err == nil && fi.IsDir() {
			return filepath.Join(d, rel)
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("JSON Schema Test Suite missing in CI: no %s above the working directory", rel)
	}
	t.Skipf("JSON Schema Test Suite not present: no %s above the working directory", rel)
	return ""
}

// Cases returns every case of the suite's format files whose format
// enforced reports true; the groups of other formats (idn-email, iri...)
// are logged and skipped.
func Cases(t testing.TB, enforced func(format string) bool) []Case {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir(t), "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []Case
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
			if !enforced(g.Schema.Format) {
				t.Logf("%s: format %q is not enforced by the decoders, skipped", filepath.Base(f), g.Schema.Format)
				continue
			}
			for _, c := range g.Tests {
				out = append(out, Case{File: filepath.Base(f), Format: g.Schema.Format, Group: g.Description, Desc: c.Description, Data: c.Data, Valid: c.Valid})
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no suite cases read")
	}
	return out
}

// A Tally counts the verdicts per format.
type Tally struct {
	wrong, total map[string]int
}

// Add counts one verdict of format.
func (y *Tally) Add(format string, wrong bool) {
	if y.total == nil {
		y.wrong, y.total = map[string]int{}, map[string]int{}
	}
	y.total[format]++
	if wrong {
		y.wrong[format]++
	}
}

// Formats is the number of formats counted.
func (y *Tally) Formats() int { return len(y.total) }

// String is the report the tests log: the wrong verdicts in all, then per
// format in name order.
func (y *Tally) String() string {
	names := make([]string, 0, len(y.total))
	for n := range y.total {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	sum := 0
	for _, n := range names {
		sum += y.wrong[n]
		b.WriteString("\n  " + n + ": " + strconv.Itoa(y.wrong[n]) + " wrong of " + strconv.Itoa(y.total[n]))
	}
	return "wrong verdicts: " + strconv.Itoa(sum) + b.String()
}
