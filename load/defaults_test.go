package load

import (
	"testing"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/stitchrt"
)

// The decoder enforces exactly the portable formats; a default is checked
// by the same functions.
func TestDecoderFormatsArePortable(t *testing.T) {
	for _, name := range facts.PortableFormats() {
		if _, ok := stitchrt.FormatFunc(name); !ok {
			t.Errorf("portable format %s has no decoder check", name)
		}
	}
	if _, ok := stitchrt.FormatFunc("color"); ok {
		t.Error("a format beyond the portable ones has a decoder check")
	}
}

func TestFormatValid(t *testing.T) {
	for _, c := range []struct {
		format, s string
		want      bool
	}{
		{"date", "2024-02-29", true}, {"date", "2023-02-29", false},
		{"time", "10:00:00Z", true}, {"time", "10:00", false},
		{"date-time", "2024-05-01T10:00:00+02:00", true}, {"date-time", "2024-05-01 10:00", false},
		{"duration", "P1DT2H", true}, {"duration", "1 day", false},
		{"uri", "https://example.com/a", true}, {"uri", "/relative", false},
		{"uri-reference", "/relative", true}, {"uri-reference", `a\b`, false},
		{"uri-template", "https://x/{id}", true}, {"uri-template", "https://x/{id", false},
		{"email", "a@example.com", true}, {"email", "nobody", false},
		{"hostname", "example.com", true}, {"hostname", "-bad-", false},
		{"ipv4", "10.0.0.1", true}, {"ipv4", "10.0.0.01", false},
		{"ipv6", "::1", true}, {"ipv6", "10.0.0.1", false},
		{"regex", "^a+$", true}, {"regex", "a**", false},
		{"uuid", "123e4567-e89b-12d3-a456-426614174000", true}, {"uuid", "123", false},
		{"json-pointer", "/a/b", true}, {"json-pointer", "a", false},
		{"relative-json-pointer", "0/a", true}, {"relative-json-pointer", "/a", false},
		{"phone", "anything", true}, // not enforced by the decoder
	} {
		if got := formatValid(c.format, c.s); got != c.want {
			t.Errorf("formatValid(%q, %q) = %v, want %v", c.format, c.s, got, c.want)
		}
	}
}

// TestDefaultsThatHold loads defaults that satisfy their constraints: they
// are kept, with default=[] as the empty array.
func TestDefaultsThatHold(t *testing.T) {
	p := mustLoad(t, `package c

//stitch:tool
type T struct {
	None  []string  `+"`json:\"none,omitempty\" jsonschema:\"default=[]\"`"+`
	Zero  [0]int    `+"`json:\"zero,omitzero\" jsonschema:\"default=[]\"`"+`
	Tags  []string  `+"`json:\"tags,omitempty\" jsonschema:\"minItems=2,uniqueItems,maxLength=2,pattern=^[a-z]+$,default=ab,default=b\"`"+`
	Pair  [2]int8   `+"`json:\"pair,omitzero\" jsonschema:\"minimum=-128,default=-128,default=127\"`"+`
	Num   int       `+"`json:\"num,omitempty\" jsonschema:\"enum=1,enum=2,multipleOf=2,default=2.0\"`"+`
	Ratio *float32  `+"`json:\"ratio,omitempty\" jsonschema:\"exclusiveMinimum=0,maximum=1,default=1\"`"+`
	Runes string    `+"`json:\"runes,omitempty\" jsonschema:\"minLength=2,maxLength=2,default=éé\"`"+`
	Mail  string    `+"`json:\"mail,omitempty\" jsonschema:\"format=email,default=a@example.com\"`"+`
	Word  string    `+"`json:\"word,omitempty\" jsonschema:\"default=hi\" stitch:\"trim,lower\"`"+`
	Grid  [][]int8  `+"`json:\"grid,omitempty\" jsonschema:\"default=[1\\\\,-2],default=[]\"`"+`
}
`)
	got := map[string]string{}
	for _, f := range p.Tools[0].Input.Struct.Fields {
		got[f.JSONName] = f.Default
	}
	want := map[string]string{"none": "[]", "zero": "[]", "tags": `["ab","b"]`, "pair": "[-128,127]", "num": "2.0",
		"ratio": "1", "runes": `"éé"`, "mail": `"a@example.com"`, "word": `"hi"`, "grid": "[[1,-2],[]]"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("default of %s = %q, want %q", k, got[k], v)
		}
	}
}
