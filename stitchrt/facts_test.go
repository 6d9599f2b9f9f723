package stitchrt

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/facts"
)

// TestSharedFacts: the runtime's own copies of what the generator knows
// too (package facts) agree with it: the escape of a pointer token in an
// issue's path, and the formats it checks, which are the portable ones.
func TestSharedFacts(t *testing.T) {
	for _, tok := range []string{"a", "a/b", "a~b", "~/", "~1", "", "ü/~"} {
		var b strings.Builder
		escapeToken(&b, []byte(tok))
		if got, want := b.String(), facts.PointerToken(tok); got != want {
			t.Errorf("escapeToken(%q) = %q, want %q", tok, got, want)
		}
	}
	var have []string
	for name := range formats {
		have = append(have, name)
	}
	sort.Strings(have)
	want := facts.PortableFormats()
	sort.Strings(want)
	if !slices.Equal(have, want) {
		t.Errorf("the runtime checks the formats %v, want the portable ones %v", have, want)
	}
}
