package load

import "testing"

func TestWellFormedTag(t *testing.T) {
	for tag, want := range map[string]bool{
		``:                                  true,
		`json:"a"`:                          true,
		`json:"a" jsonschema:"minimum=1"`:   true,
		`json:"a,omitempty"  stitch:"trim"`: true,
		`json:"a\"b"`:                       true,
		`json:"a`:                           false,
		`json:a`:                            false,
		`json "a"`:                          false,
		`:"a"`:                              false,
		`json:"a"jsonschema:"x"`:            true, // reflect accepts a missing space
		`json:"a" x`:                        false,
		`json:"\q"`:                         false,
	} {
		if got := wellFormedTag(tag); got != want {
			t.Errorf("wellFormedTag(%q) = %v, want %v", tag, got, want)
		}
	}
}
