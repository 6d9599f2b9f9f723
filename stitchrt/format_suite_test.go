package stitchrt

import (
	"encoding/json"
	"testing"

	"github.com/stitchgen/stitchgen/internal/formatsuite"
)

// TestFormatSuite runs every string case of the JSON Schema Test Suite's
// draft2020-12 optional/format files through the format functions and
// compares each verdict with the suite's. Non-string data is left to the
// generated-decoder test: a format ignores non-strings, a Format function
// takes a string.
func TestFormatSuite(t *testing.T) {
	var tally formatsuite.Tally
	for _, c := range formatsuite.Cases(t, func(format string) bool { _, ok := FormatFunc(format); return ok }) {
		var s string
		if len(c.Data) == 0 || c.Data[0] != '"' { // json.Unmarshal takes null for a string
			continue
		}
		if err := json.Unmarshal(c.Data, &s); err != nil {
			t.Fatal(err)
		}
		f, _ := FormatFunc(c.Format)
		got := f(s)
		tally.Add(c.Format, got != c.Valid)
		if got != c.Valid {
			t.Errorf("format %s, %q (%s: %s): got %v, suite says %v", c.Format, s, c.Group, c.Desc, got, c.Valid)
		}
	}
	t.Log(tally.String())
}
