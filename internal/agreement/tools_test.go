package agreement

import (
	"bytes"
	"flag"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/internal/agreement/contracts/every"
	"github.com/stitchgen/stitchgen/internal/agreement/contracts/mixed"
)

// iterations is the number of generated valid documents per tool (each also
// gets one mutated copy). AGREEMENT_N overrides the default too.
var iterations = flag.Int("agreement.n", envInt("AGREEMENT_N", 300), "valid documents generated per tool (each is also mutated once)")

// seed is the base seed; tool i uses seed+i, so a run is reproducible.
var seed = flag.Uint64("agreement.seed", 1, "base seed of the document generator")

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// A toolValue is a pointer to a generated tool input type.
type toolValue interface {
	UnmarshalJSON(data []byte) error
	MarshalJSON() ([]byte, error)
	DecodeToolCall(data []byte) (dropped, repaired []string, err error)
}

// A tool is one tool under test with its two schema constants.
type tool struct {
	name       string
	fresh      func() toolValue
	lossless   string
	advertised string
	// tolerant matches the JSON Pointers of the properties with a runtime
	// tolerance (coerce, trim, lower, upper, catch); nil when none.
	tolerant *regexp.Regexp
	// addrs matches the JSON Pointers of netip.Addr properties, which
	// encode in their canonical text (FE80::1 -> fe80::1); nil when none.
	addrs *regexp.Regexp
}

var tools = []tool{
	{"shop.place_order", func() toolValue { return new(shop.PlaceOrder) }, shop.PlaceOrderLosslessSchema, shop.PlaceOrderInputSchema, nil, nil},
	{"shop.get_order", func() toolValue { return new(shop.GetOrder) }, shop.GetOrderLosslessSchema, shop.GetOrderInputSchema, nil, nil},
	{"shop.cancel_order", func() toolValue { return new(shop.CancelOrder) }, shop.CancelOrderLosslessSchema, shop.CancelOrderInputSchema, nil, nil},
	{"broadcast.send_broadcast", func() toolValue { return new(broadcast.SendBroadcast) }, broadcast.SendBroadcastLosslessSchema, broadcast.SendBroadcastInputSchema, nil, nil},
	{"broadcast.edit_broadcast", func() toolValue { return new(broadcast.EditBroadcast) }, broadcast.EditBroadcastLosslessSchema, broadcast.EditBroadcastInputSchema, nil, nil},
	{"every.ints", func() toolValue { return new(every.Ints) }, every.IntsLosslessSchema, every.IntsInputSchema, nil, nil},
	{"every.floats", func() toolValue { return new(every.Floats) }, every.FloatsLosslessSchema, every.FloatsInputSchema, nil, nil},
	{"every.strings", func() toolValue { return new(every.Strings) }, every.StringsLosslessSchema, every.StringsInputSchema, nil, nil},
	{"every.containers", func() toolValue { return new(every.Containers) }, every.ContainersLosslessSchema, every.ContainersInputSchema, nil, nil},
	{"every.standard", func() toolValue { return new(every.Standard) }, every.StandardLosslessSchema, every.StandardInputSchema, nil, nil},
	{"every.nulls", func() toolValue { return new(every.Nulls) }, every.NullsLosslessSchema, every.NullsInputSchema, nil, nil},
	{"every.policies", func() toolValue { return new(every.Policies) }, every.PoliciesLosslessSchema, every.PoliciesInputSchema, nil, nil},
	{"every.free", func() toolValue { return new(every.Free) }, every.FreeLosslessSchema, every.FreeInputSchema, nil, regexp.MustCompile(`^/addr$`)},
	{"mixed.draw", func() toolValue { return new(mixed.Draw) }, mixed.DrawLosslessSchema, mixed.DrawInputSchema, nil, nil},
	{"mixed.grow", func() toolValue { return new(mixed.Grow) }, mixed.GrowLosslessSchema, mixed.GrowInputSchema, nil, nil},
	{"mixed.tolerate", func() toolValue { return new(mixed.Tolerate) }, mixed.TolerateLosslessSchema, mixed.TolerateInputSchema,
		regexp.MustCompile(`^/(count|ratio|on|name|tag|code|level)$`), nil},
}

// compiled caches compiled schemas by their text.
var compiled sync.Map

// compile compiles a schema constant as draft 2020-12 with format and
// content (base64) assertions on: the decoder enforces both.
func compile(t testing.TB, text string) *jsonschema.Schema {
	if s, ok := compiled.Load(text); ok {
		return s.(*jsonschema.Schema)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	if err := c.AddResource("mem:///schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem:///schema.json")
	if err != nil {
		t.Fatalf("schema does not compile: %v", err)
	}
	compiled.Store(text, s)
	return s
}

// validate parses text as the validator's loader does and validates it; a
// text that does not parse is rejected.
func validate(t testing.TB, schema string, text []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if err != nil {
		return err
	}
	return compile(t, schema).Validate(inst)
}

// An issue is the part of a generated StitchIssue the tests look at.
type issue struct{ Path, Code string }

// issuesOf extracts the issues of a generated *StitchError (each generated
// package has its own type); ok is false for any other error.
func issuesOf(err error) (out []issue, ok bool) {
	v := reflect.ValueOf(err)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	f := v.Elem().FieldByName("Issues")
	if !f.IsValid() || f.Kind() != reflect.Slice || f.Len() == 0 {
		return nil, false
	}
	for i := 0; i < f.Len(); i++ {
		e := f.Index(i)
		out = append(out, issue{Path: e.FieldByName("Path").String(), Code: e.FieldByName("Code").String()})
	}
	return out, true
}

// leafLocations lists the instance locations (as JSON Pointers) of the
// innermost causes of a validation error.
func leafLocations(err error) []string {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil
	}
	if len(ve.Causes) == 0 {
		var b strings.Builder
		for _, tok := range ve.InstanceLocation {
			b.WriteString("/" + escapePointer(tok))
		}
		return []string{b.String()}
	}
	var out []string
	for _, c := range ve.Causes {
		out = append(out, leafLocations(c)...)
	}
	return out
}

// allMatch reports whether every location matches re (false for none).
func allMatch(re *regexp.Regexp, locs []string) bool {
	if re == nil || len(locs) == 0 {
		return false
	}
	for _, l := range locs {
		if !re.MatchString(l) {
			return false
		}
	}
	return true
}
