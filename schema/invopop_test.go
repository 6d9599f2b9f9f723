package schema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/invopop/jsonschema"
	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// Differential check against github.com/invopop/jsonschema, whose tag
// vocabulary stitchgen adopts: for plain (union-free) structs both
// generators must agree on properties, types and required lists. Every
// other keyword either side writes is compared too, and each deliberate
// difference is listed in invopopDifferences with its reason; the test
// fails on a difference not in the table and on a table entry that no
// longer occurs.
//
// The models are built by hand, next to the Go structs they describe, as
// the loader (load) would build them.

type diffAddress struct {
	Street string  `json:"street"`
	City   string  `json:"city"`
	Zip    *string `json:"zip,omitempty"`
}

type diffBase struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
}

type diffLine struct {
	SKU  string         `json:"sku"`
	Qty  int            `json:"qty"`
	Meta map[string]int `json:"meta,omitempty"`
}

type diffOrder struct {
	diffBase
	Count    int               `json:"count"`
	Small    int8              `json:"small"`
	Qty      uint16            `json:"qty"`
	Big      uint64            `json:"big"`
	Price    float64           `json:"price"`
	Active   bool              `json:"active"`
	Tags     []string          `json:"tags,omitempty"`
	Labels   map[string]string `json:"labels"`
	Backoff  [3]int            `json:"backoff"`
	Blob     []byte            `json:"blob,omitempty"`
	Ship     diffAddress       `json:"ship"`
	Bill     *diffAddress      `json:"bill,omitempty"`
	Lines    []diffLine        `json:"lines"`
	Note     *string           `json:"note" jsonschema:"nullable"`
	When     time.Time         `json:"when,omitzero"`
	Skip     string            `json:"-"`
	internal int
	Plain    string
}

type diffSearch struct {
	Query  string   `json:"query" jsonschema:"minLength=1,maxLength=200"`
	Limit  *int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100"`
	Fields []string `json:"fields,omitempty" jsonschema:"minItems=1,uniqueItems=true"`
	Sort   string   `json:"sort,omitempty" jsonschema:"enum=asc,enum=desc"`
	Level  uint8    `json:"level" jsonschema:"maximum=9"`
}

var _ = diffOrder{}.internal // the unexported field is part of the fixture

func diffModels() map[string]*model.Type {
	address := named("diffAddress", fld("street", tString), fld("city", tString), fld("zip", ptr(tString), optional))
	base := named("diffBase")
	embedded := func(f *model.Field) {
		f.Path = []model.Step{{Name: "diffBase", Type: base}, {Name: f.GoName}}
	}
	line := named("diffLine", fld("sku", tString), fld("qty", tInt), fld("meta", mapOf(tInt), optional))
	order := named("diffOrder",
		fld("id", tString, embedded), fld("created", tTime, embedded),
		fld("count", tInt), fld("small", tInt8), fld("qty", tUint16), fld("big", tUint64),
		fld("price", tFloat64), fld("active", tBool), fld("tags", slice(tString), optional),
		fld("labels", mapOf(tString)), fld("backoff", array(3, tInt)), fld("blob", tBytes, optional),
		fld("ship", address), fld("bill", ptr(address), optional), fld("lines", slice(line)),
		fld("note", ptr(tString), orNull),
		fld("when", tTime, func(f *model.Field) { f.Required, f.OmitZero = false, true }),
		fld("Plain", tString))
	search := named("diffSearch",
		fld("query", tString, check(model.Constraints{MinLength: model.IntPtr(1), MaxLength: model.IntPtr(200)})),
		fld("limit", ptr(tInt), optional, check(model.Constraints{Minimum: "1", Maximum: "100"})),
		fld("fields", slice(tString), optional, check(model.Constraints{MinItems: model.IntPtr(1), UniqueItems: true})),
		fld("sort", tString, optional, check(model.Constraints{Enum: []string{`"asc"`, `"desc"`}})),
		fld("level", tUint8, check(model.Constraints{Maximum: "9"})))
	return map[string]*model.Type{"diffOrder": order, "diffSearch": search}
}

// invopopDifferences lists every deliberate difference, exactly as
// compareNodes words it ("Type pointer keyword: ours X, invopop Y"), with
// the reason.
var invopopDifferences = map[string]string{
	// docs/contracts.md: types narrower than 64 bits carry their range, unsigned 64-bit types minimum 0.
	"diffOrder /properties/small minimum: ours -128, invopop absent":                             "int8 advertises its range (docs/contracts.md); invopop writes no bounds",
	"diffOrder /properties/small maximum: ours 127, invopop absent":                              "int8 advertises its range (docs/contracts.md)",
	"diffOrder /properties/qty minimum: ours 0, invopop absent":                                  "uint16 advertises its range (docs/contracts.md)",
	"diffOrder /properties/qty maximum: ours 65535, invopop absent":                              "uint16 advertises its range (docs/contracts.md)",
	"diffOrder /properties/big minimum: ours 0, invopop absent":                                  "uint64 advertises minimum 0 (docs/contracts.md)",
	"diffSearch /properties/level minimum: ours 0, invopop absent":                               "uint8 keeps its type minimum; the tag replaces only the maximum side",
	`diffOrder /properties/note type: ours ["string","null"], invopop absent`:                    "a nullable property is a type array (docs/contracts.md)",
	`diffOrder /properties/note oneOf: ours absent, invopop [{"type":"string"},{"type":"null"}]`: "invopop writes nullable as oneOf with null; docs/contracts.md pins the type array",
	`diffOrder  $schema: ours absent, invopop "https://json-schema.org/draft/2020-12/schema"`:    "no $schema keyword in stitchgen documents (docs/flattening.md)",
	`diffSearch  $schema: ours absent, invopop "https://json-schema.org/draft/2020-12/schema"`:   "no $schema keyword in stitchgen documents (docs/flattening.md)",
}

func TestInvopopDifferential(t *testing.T) {
	models := diffModels()
	seen := map[string]bool{}
	for _, v := range []any{diffOrder{}, diffSearch{}} {
		name := reflect.TypeOf(v).Name()
		r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, Anonymous: true}
		b, err := json.Marshal(r.Reflect(v))
		if err != nil {
			t.Fatal(err)
		}
		theirs := model.MustParse(string(b))
		doc := Input(toolOf(models[name]))
		compile(t, doc.Schema)
		var diffs []string
		compareNodes(doc.Schema, theirs, "", &diffs)
		t.Logf("%s differences:\n%s", name, strings.Join(diffs, "\n"))
		for _, d := range diffs {
			key := name + " " + d
			seen[key] = true
			if _, ok := invopopDifferences[key]; !ok {
				t.Errorf("%s: undocumented difference from invopop: %s", name, d)
			}
		}
	}
	for k := range invopopDifferences {
		if !seen[k] {
			t.Errorf("table entry %q no longer differs; remove it", k)
		}
	}
}

// ignoredKeywords are annotations the comparison leaves out: descriptions
// come from Go comments, which invopop reads only with AddGoComments.
var ignoredKeywords = []string{"description", "title"}

// compareNodes appends "pointer keyword: ours X, invopop Y" for every
// keyword on which two schema nodes differ, recursing into subschemas.
func compareNodes(ours, theirs any, ptr string, diffs *[]string) {
	o, _ := ours.(*model.Object)
	th, _ := theirs.(*model.Object)
	if o == nil || th == nil {
		if !model.Equal(ours, theirs) {
			*diffs = append(*diffs, fmt.Sprintf("%s schema: ours %s, invopop %s", ptr, show(ours), show(theirs)))
		}
		return
	}
	keys := o.Keys()
	for _, k := range th.Keys() {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		if slices.Contains(ignoredKeywords, k) {
			continue
		}
		a, _ := o.Get(k)
		b, _ := th.Get(k)
		switch k {
		case "properties":
			compareProperties(a, b, ptr, diffs)
		case "items", "additionalProperties":
			compareNodes(a, b, ptr+"/"+k, diffs)
		default:
			if !model.Equal(a, b) {
				*diffs = append(*diffs, fmt.Sprintf("%s %s: ours %s, invopop %s", ptr, k, show(a), show(b)))
			}
		}
	}
}

// compareProperties compares the property names in order, then each
// property's schema.
func compareProperties(a, b any, ptr string, diffs *[]string) {
	ao, _ := a.(*model.Object)
	bo, _ := b.(*model.Object)
	if !slices.Equal(ao.Keys(), bo.Keys()) {
		*diffs = append(*diffs, fmt.Sprintf("%s properties: ours %v, invopop %v", ptr, ao.Keys(), bo.Keys()))
	}
	for _, m := range ao.Members {
		if v, ok := bo.Get(m.Key); ok {
			compareNodes(m.Value, v, ptr+"/properties/"+facts.PointerToken(m.Key), diffs)
		}
	}
}

func show(v any) string {
	if v == nil {
		return "absent"
	}
	b, err := model.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
