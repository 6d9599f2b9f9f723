package hostile

import (
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/hostile/contracts/untagged"
)

// untaggedItems are one comment of each variant of untagged.Comment, the
// object ones in every position of the trial order.
var untaggedItems = []string{
	`{"path":"a.go","line":3,"body":"rename this"}`,
	`{"line":4,"text":"typo"}`,
	`{"anchor":{"start":1,"end":9},"text":"split this function"}`,
	`{"anchor":12,"text":"why?"}`,
	`"looks good"`,
	`["nit","style"]`,
}

// untaggedReview returns a review of n comments cycling through
// untaggedItems, with last in place of the final one when it is not "".
func untaggedReview(n int, last string) []byte {
	items := make([]string, n)
	for i := range items {
		items[i] = untaggedItems[i%len(untaggedItems)]
	}
	if last != "" {
		items[n-1] = last
	}
	return []byte(`{"comments":[` + strings.Join(items, ",") + `],"pinned":null}`)
}

// BenchmarkUntagged decodes reviews of 60 untagged-union comments: valid
// ones (every variant tried on every comment, the wrong kinds failing at
// their first byte), and ones whose last comment matches no variant, with
// a closest variant (a member of the wrong type) and without (a boolean).
func BenchmarkUntagged(b *testing.B) {
	for _, c := range []struct {
		name, last string
		valid      bool
	}{
		{"valid", "", true},
		{"invalid-closest", `{"path":"a.go","line":"3","body":"x"}`, false},
		{"invalid-kind", `true`, false},
	} {
		in := untaggedReview(60, c.last)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				var r untagged.Review
				if err := r.UnmarshalJSON(in); (err == nil) != c.valid {
					b.Fatal(err)
				}
			}
		})
	}
}
