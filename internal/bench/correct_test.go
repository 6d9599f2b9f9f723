package bench

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/bench/contracts/s"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/u"
)

// TestDecodersAgree checks that every impl accepts every benchmark input
// and that every decoder produces the value the generated decoder produces
// (the twins' converted to the contract type), so the benchmarks
// compare equal work on equal results.
func TestDecodersAgree(t *testing.T) {
	for _, sh := range Shapes {
		impls := implsFor(sh.Name)
		want, err := impls[0].decode(sh.Doc)
		if err != nil {
			t.Fatalf("%s: %s: %v", sh.Name, impls[0].name, err)
		}
		for _, im := range impls[1:] {
			got, err := im.decode(sh.Doc)
			switch {
			case err != nil:
				t.Errorf("%s: %s: %v", sh.Name, im.name, err)
			case got != nil && !reflect.DeepEqual(got, want):
				t.Errorf("%s: %s decoded\n%#v\nwant\n%#v", sh.Name, im.name, got, want)
			}
		}
	}
}

// TestGeneratedDecoderRejects pins the full error text of the generated
// decoders (exact and tool-call) for every invalid input.
func TestGeneratedDecoderRejects(t *testing.T) {
	want := map[string]string{
		"S/unknown key":                     `/sort: unknown_key: unknown key "sort"; allowed keys: query, category, maxPriceCents, limit, offset, tags, inStock`,
		"S/duplicate key":                   `/limit: duplicate_key: duplicate key "limit"`,
		"S/key differs in case":             "/Limit: unknown_key: unknown key \"Limit\"; allowed keys: query, category, maxPriceCents, limit, offset, tags, inStock; did you mean \"limit\"?\n/limit: missing: missing required key \"limit\"",
		"S/missing required":                `/limit: missing: missing required key "limit"`,
		"S/fraction for an int":             `/limit: type: expected integer, got 2.5`,
		"S/above maximum":                   `/limit: range: must be <= 100, got 1000`,
		"S/not in enum":                     `/category: enum: must be one of "books", "music", "garden", "toys", "electronics"; got "food"`,
		"S/null for a non-nullable":         `/maxPriceCents: null: null is not allowed here; expected integer; to leave it unset, omit the key`,
		"S/string for a number":             `/maxPriceCents: type: expected integer, got string`,
		"S/too many items":                  `/tags: length: item count 11 is above the maximum 10`,
		"S/large int64 above maximum":       `/maxPriceCents: range: must be <= 100000000, got 9007199254740993`,
		"U/unknown discriminator":           `/channel/kind: discriminator: unknown discriminator value "fax" for "kind"; allowed values: "email", "sms", "webhook"`,
		"U/sibling variant's key":           `/channel/phone: unknown_key: unknown key "phone"; allowed keys: to, subject, body, kind`,
		"U/lone surrogate":                  `/channel/subject: syntax: invalid JSON at byte offset 333: lone surrogate in \u escape`,
		"U/nested missing required":         `/channel/to/1/address: missing: missing required key "address"`,
		"U/nested duplicate key":            `/channel/to/0/address: duplicate_key: duplicate key "address"`,
		"U/trailing data":                   `(root): syntax: invalid JSON at byte offset 559: unexpected data after the JSON value`,
		"U-disc-last/sibling variant's key": `/channel/retries: unknown_key: unknown key "retries"; allowed keys: to, subject, body, kind`,
		"U-disc-last/unknown discriminator": `/channel/kind: discriminator: unknown discriminator value "Email" for "kind"; allowed values: "email", "sms", "webhook"; did you mean "email"?`,
		"L/bad item 151": "/items/151/phone: length: string length 4 is below the minimum 8\n" +
			`/items/151/phone: pattern: "4917" does not match the pattern ^\+[1-9][0-9]+$`,
	}
	for _, iv := range Invalids {
		key := iv.Shape + "/" + iv.Name
		for _, im := range implsFor(iv.Shape) {
			if !strings.HasPrefix(im.name, "stitch-") {
				continue
			}
			w := want[key]
			_, err := im.decode(iv.Doc)
			if got := fmt.Sprint(err); got != w {
				t.Errorf("%s: %s: got\n%s\nwant\n%s", key, im.name, got, w)
			}
		}
	}
}

// TestRejectionTable logs, for cmd/report, how many of the invalid inputs
// each impl rejects, and requires the generated decoders to reject all.
func TestRejectionTable(t *testing.T) {
	counts := map[string]int{}
	var names []string
	for _, iv := range Invalids {
		for _, im := range implsFor(iv.Shape) {
			if strings.HasPrefix(im.name, "valid-") {
				continue
			}
			if _, ok := counts[im.name]; !ok {
				names = append(names, im.name)
				counts[im.name] = 0
			}
			if _, err := im.decode(iv.Doc); err != nil {
				counts[im.name]++
			} else if strings.HasPrefix(im.name, "stitch-") {
				t.Errorf("%s accepted %s/%s", im.name, iv.Shape, iv.Name)
			}
		}
	}
	for _, n := range names {
		t.Logf("REJECTS %s %d/%d", n, counts[n], len(Invalids))
	}
}

// TestValueAllocs pins the allocation count of a small hand-built value.
func TestValueAllocs(t *testing.T) {
	p := int64(1)
	v := u.SendNotification{RequestID: "r", Channel: u.SMS{Phone: "+4917", Sender: &u.Sender{Label: ""}}}
	cases := []struct {
		v    any
		want int
	}{
		{s.SearchProducts{}, 0},
		{s.SearchProducts{Query: "q", MaxPriceCents: &p, Tags: []string{"a", ""}}, 1 + 1 + 1 + 1},
		{v, 1 + 1 + 1 + 1}, // RequestID, boxed SMS, Phone, Sender pointer
		{map[string]string{"a": "b"}, 3},
	}
	for i, c := range cases {
		if got := ValueAllocs(c.v); got != c.want {
			t.Errorf("case %d: ValueAllocs = %d, want %d", i, got, c.want)
		}
	}
}
