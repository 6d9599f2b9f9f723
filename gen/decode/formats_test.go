package decode

import (
	"slices"
	"sort"
	"testing"

	"github.com/stitchgen/stitchgen/facts"
)

// TestFormatFuncs: the emitter names a runtime check for every portable
// format (package facts) and for nothing else.
func TestFormatFuncs(t *testing.T) {
	var have []string
	for name := range formatFuncs {
		have = append(have, name)
	}
	sort.Strings(have)
	want := facts.PortableFormats()
	sort.Strings(want)
	if !slices.Equal(have, want) {
		t.Errorf("formatFuncs names %v, want the portable formats %v", have, want)
	}
}
