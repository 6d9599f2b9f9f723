package agreement

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stitchgen/stitchgen/profile"
)

// exceptions are the documented cases where the decoder rejects a document
// that the validator accepts against the lossless schema (docs/flattening.md: hidden
// checks and the unadvertised 64-bit range, plus what a validator never
// sees). Each decoder issue of a disagreeing document must be explained by
// one of them; the decoder never accepts what the validator rejects, except
// a format value the validator wrongly rejects (formatgaps_test.go).
var exceptions = []struct {
	name, reason string
	explains     func(is issue, c *context) bool
}{
	{"duplicate key",
		"JSON parsing keeps the last value of a duplicated key, so the validator never sees the duplicate (docs/decoding.md) nor the earlier value, which the decoder also judges: an issue at or under a key that occurs twice in its object",
		func(is issue, c *context) bool {
			for _, d := range c.dups {
				if is.Path == d || strings.HasPrefix(is.Path, d+"/") {
					return true
				}
			}
			return false
		}},
	{"lone surrogate or invalid UTF-8",
		"the validator's JSON parser (encoding/json) replaces lone surrogates and invalid UTF-8 with U+FFFD; the decoder rejects them (docs/decoding.md)",
		func(is issue, c *context) bool { return is.Code == "syntax" }},
	{"tolerance",
		"coerce, trim, lower, upper and catch are runtime tolerance, never advertised (docs/flattening.md): at those properties (tool.tolerant) the decoder accepts a string for a number or bool, rewrites a string before judging it, or replaces an invalid value by the default; both directions (a validator error, or a decoder issue such as a padded string too short once trimmed) at those properties only",
		func(is issue, c *context) bool { return c.tolerant != nil && c.tolerant.MatchString(is.Path) }},
	{"Validate()",
		"a hidden check (docs/contracts.md): every.Checked.Validate requires a <= b, which no schema says",
		func(is issue, c *context) bool { return is.Code == "custom" }},
	{"64-bit range",
		"int, int64 and uint64 advertise no bounds (docs/contracts.md), but a Go value outside [-2^63, 2^63-1] (int/int64) or [0, 2^64-1] (uint64) cannot hold; judged by value: an integer outside the int64 range",
		func(is issue, c *context) bool {
			r := c.number(is.Path)
			return is.Code == "range" && r != nil && r.IsInt() && !r.Num().IsInt64()
		}},
	{"float range",
		"float64 and float32 advertise no bounds, but a number beyond ±math.MaxFloat64 (any path), or beyond ±math.MaxFloat32 at a float32 property of the contracts (" + float32Paths.String() + "), cannot be held; an untagged union reports it as matching no variant",
		func(is issue, c *context) bool {
			r := c.number(is.Path)
			if r == nil || (is.Code != "range" && is.Code != "type") {
				return false
			}
			f, _ := new(big.Rat).Abs(r).Float64()
			return math.IsInf(f, 0) || (f > math.MaxFloat32 && float32Paths.MatchString(is.Path))
		}},
	{"float precision in uniqueItems",
		"the decoder judges uniqueItems on the decoded Go values: two numbers that differ as decimals but round to the same float64 (1e-400 and 0, 0.1 and 0.10000000000000001) are equal there and distinct for the validator; explained when the array holds such a pair",
		func(is issue, c *context) bool {
			items, ok := pointerValue(c.inst, is.Path).([]any)
			return is.Code == "unique" && ok && floatTwins(items)
		}},
	{"validator format gap",
		"the decoder checks a format against its grammar, as the JSON Schema Test Suite reads it; the validator's checks have gaps (formatgaps_test.go): a format issue on a value of a class the validator wrongly accepts",
		decoderFormatGap},
	{"calendar or out-of-range duration",
		"a time.Duration has no calendar and holds ±2562047h47m16.854775807s: the decoder refuses an RFC 3339 duration with years or months, or beyond that range, which the format takes (decision 0026); judged at the time.Duration properties of the contracts (" + durationPaths.String() + ")",
		func(is issue, c *context) bool {
			s, _ := pointerValue(c.inst, is.Path).(string)
			date, _, _ := strings.Cut(s, "T")
			return durationPaths.MatchString(is.Path) && ((is.Code == "format" && strings.ContainsAny(date, "YM")) || is.Code == "range")
		}},
	{"leap second in time.Time",
		"RFC 3339 allows a leap second (:60) and the validator accepts it, but time.Time cannot hold one; judged at the time.Time properties of the contracts (" + timePaths.String() + ")",
		func(is issue, c *context) bool {
			s, _ := pointerValue(c.inst, is.Path).(string)
			return is.Code == "format" && timePaths.MatchString(is.Path) && strings.Contains(s, ":60")
		}},
}

// float32Paths and timePaths are the properties of the contracts with a Go
// type narrower than what their schema says.
var (
	float32Paths = regexp.MustCompile(`^/(f32|tenth)$`)
	timePaths    = regexp.MustCompile(`^/(when|times/[0-9]+|time)$`)
	// durationPaths are the time.Duration properties of the contracts: an
	// ISO 8601 duration, which differs from RFC 3339's (decision 0026).
	durationPaths = regexp.MustCompile(`^/(delay|delays/[0-9]+|every)$`)
)

// A context is what the exceptions know about a document.
type context struct {
	inst any      // the document as the validator parsed it
	dups []string // JSON Pointers of duplicated keys
	// issues are all issues of the decoder error
	issues []issue
	// tolerant matches the properties with a runtime tolerance
	tolerant *regexp.Regexp
	// messages are the messages of the decoder's issues by path
	messages map[string]string
}

// floatTwins reports whether two numbers of items are distinct but equal
// as float64.
func floatTwins(items []any) bool {
	for i, a := range items {
		for _, b := range items[i+1:] {
			x, ok1 := a.(json.Number)
			y, ok2 := b.(json.Number)
			if !ok1 || !ok2 {
				continue
			}
			rx, _ := new(big.Rat).SetString(string(x))
			ry, _ := new(big.Rat).SetString(string(y))
			fx, _ := strconv.ParseFloat(string(x), 64)
			fy, _ := strconv.ParseFloat(string(y), 64)
			if rx != nil && ry != nil && rx.Cmp(ry) != 0 && fx == fy {
				return true
			}
		}
	}
	return false
}

// number is the number at a JSON Pointer of the document, or nil.
func (c *context) number(ptr string) *big.Rat {
	v, ok := pointerValue(c.inst, ptr).(interface{ String() string })
	if !ok {
		return nil
	}
	r, ok := new(big.Rat).SetString(v.String())
	if !ok {
		return nil
	}
	return r
}

// A tally counts the documents of one tool.
type tally struct {
	validAccepted, validRejected, mutAccepted, mutRejected  int
	validByValidator                                        int
	excepted                                                map[string]int
	mutations                                               map[string]int // applied, by name
	roundTrips, superset, supersetSkipped, supersetTolerant int
	profileSuperset                                         map[profile.Name]int // accepted documents in a profile's schema
}

// check judges one document: decoder (UnmarshalJSON, repair off) against
// the validator on the lossless schema. It returns whether each accepted
// it and, for a disagreement no exception explains, the problem.
func check(t testing.TB, tl tool, text []byte, what string, ty *tally) (dec, val bool, problem string) {
	decErr := tl.fresh().UnmarshalJSON(text)
	valErr := validate(t, tl.lossless, text)
	if bad := badIssuePath(decErr, text); bad != "" {
		return decErr == nil, valErr == nil, fmt.Sprintf("%s: %s document: %s\ndocument: %s\ndecoder: %v", tl.name, what, bad, text, decErr)
	}
	if (decErr == nil) == (valErr == nil) {
		return decErr == nil, valErr == nil, ""
	}
	if decErr != nil {
		if name := excepted(decErr, text, tl.tolerant); name != "" {
			ty.excepted[name]++
			return false, true, ""
		}
	}
	if decErr == nil && allMatch(tl.tolerant, leafLocations(valErr)) {
		ty.excepted["tolerance"]++
		return true, false, ""
	}
	if decErr == nil && validatorGapsOnly(valErr) {
		ty.excepted["validator format gap"]++
		return true, false, ""
	}
	return decErr == nil, valErr == nil, fmt.Sprintf("%s: %s document: decoder and validator disagree\ndocument: %s\ndecoder:   %s\nvalidator: %s",
		tl.name, what, text, verdict(decErr), verdict(valErr))
}

// excepted names the exception that explains every issue of a decoder
// error, or "".
func excepted(err error, text []byte, tolerant *regexp.Regexp) string {
	issues, ok := issuesOf(err)
	if !ok {
		return ""
	}
	inst, perr := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if perr != nil {
		return ""
	}
	c := &context{inst: inst, dups: duplicatePaths(text), tolerant: tolerant, issues: issues, messages: issueMessages(err)}
	var names []string
	for _, is := range issues {
		found := ""
		for _, e := range exceptions {
			if e.explains(is, c) {
				found = e.name
				break
			}
		}
		if found == "" {
			return ""
		}
		names = append(names, found)
	}
	sort.Strings(names)
	return names[0]
}

func verdict(err error) string {
	if err == nil {
		return "accepted"
	}
	return "rejected: " + err.Error()
}

// pointerValue looks up a JSON Pointer in a parsed document (nil when
// absent).
func pointerValue(v any, ptr string) any {
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			var i int
			if _, err := fmt.Sscan(tok, &i); err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// TestAgreement generates valid documents and near misses for every tool
// and checks agreement with the validator on the lossless schema, the round
// trip of every accepted document and the superset invariant.
func TestAgreement(t *testing.T) {
	total := &tally{excepted: map[string]int{}, mutations: map[string]int{}, profileSuperset: map[profile.Name]int{}}
	for i, tl := range tools {
		t.Run(tl.name, func(t *testing.T) {
			ty := &tally{excepted: map[string]int{}, mutations: map[string]int{}, profileSuperset: map[profile.Name]int{}}
			runTool(t, tl, *seed+uint64(i), ty)
			t.Logf("valid: %d accepted, %d rejected; mutated: %d accepted, %d rejected; exceptions %v; round trips %d; superset %d checked, %d skipped (sibling catchall), %d failing at tolerant properties only; in a profile's schema %v",
				ty.validAccepted, ty.validRejected, ty.mutAccepted, ty.mutRejected, ty.excepted, ty.roundTrips, ty.superset, ty.supersetSkipped, ty.supersetTolerant, ty.profileSuperset)
			total.add(ty)
		})
	}
	t.Logf("all tools: valid %d accepted, %d rejected; mutated %d accepted, %d rejected; exceptions %v; round trips %d; superset %d checked, %d skipped, %d tolerant; in a profile's schema %v",
		total.validAccepted, total.validRejected, total.mutAccepted, total.mutRejected, total.excepted, total.roundTrips, total.superset, total.supersetSkipped, total.supersetTolerant, total.profileSuperset)
	t.Logf("mutations applied: %v", total.mutations)
	// every mutation must have been exercised, or the near misses are
	// narrower than they claim
	for _, m := range mutations {
		if total.mutations[m.name] == 0 && !t.Failed() {
			t.Errorf("mutation %q was never applied", m.name)
		}
	}
	// every profile must have judged accepted documents, or its superset
	// check is vacuous
	for _, name := range profile.Names()[1:] { // every provider profile
		if total.profileSuperset[name] == 0 && !t.Failed() {
			t.Errorf("no accepted document was checked against the %s profile", name)
		}
	}
	if total.mutations["trailing bytes"] == 0 && !t.Failed() {
		t.Error(`mutation "trailing bytes" was never applied`)
	}
}

func (a *tally) add(b *tally) {
	a.validAccepted += b.validAccepted
	a.validRejected += b.validRejected
	a.mutAccepted += b.mutAccepted
	a.mutRejected += b.mutRejected
	a.roundTrips += b.roundTrips
	a.superset += b.superset
	a.supersetSkipped += b.supersetSkipped
	a.supersetTolerant += b.supersetTolerant
	for k, v := range b.profileSuperset {
		a.profileSuperset[k] += v
	}
	for k, v := range b.excepted {
		a.excepted[k] += v
	}
	for k, v := range b.mutations {
		a.mutations[k] += v
	}
}

func runTool(t *testing.T, tl tool, seed uint64, ty *tally) {
	root, err := parseSchema(tl.lossless)
	if err != nil {
		t.Fatal(err)
	}
	g := newGenerator(root, seed)
	for i := 0; i < *iterations && !t.Failed(); i++ {
		doc := g.value(root, 0)
		escapes := g.r
		if i%2 == 0 {
			escapes = nil
		}
		text := doc.text(escapes)
		dec, val, problem := check(t, tl, text, "valid", ty)
		if val {
			ty.validByValidator++
		}
		judge(t, tl, root, text, dec, problem, &ty.validAccepted, &ty.validRejected, ty)
		mut, names := mutate(g, doc)
		for _, n := range names {
			ty.mutations[n]++
		}
		dec, _, problem = check(t, tl, mut, fmt.Sprintf("mutated (%s)", strings.Join(names, ", ")), ty)
		judge(t, tl, root, mut, dec, problem, &ty.mutAccepted, &ty.mutRejected, ty)
	}
	// the generator must produce valid documents, or agreement is vacuous
	if !t.Failed() && ty.validByValidator*10 < *iterations*9 {
		t.Errorf("%s: the validator accepts only %d of %d generated valid documents", tl.name, ty.validByValidator, *iterations)
	}
}

func judge(t *testing.T, tl tool, root obj, text []byte, dec bool, problem string, acc, rej *int, ty *tally) {
	t.Helper()
	if problem != "" {
		t.Error(problem)
	}
	if !dec {
		*rej++
		return
	}
	*acc++
	roundTrip(t, tl, root, text, ty)
	superset(t, tl, root, text, ty)
}

// TestCheckReportsDisagreement shows that check fails a decoder that
// accepts what the validator rejects, and one that rejects a valid document
// with an issue no exception explains.
func TestCheckReportsDisagreement(t *testing.T) {
	tl := tools[1] // shop.get_order
	ty := &tally{excepted: map[string]int{}, mutations: map[string]int{}, profileSuperset: map[profile.Name]int{}}
	accepting := tool{name: "accept-all", fresh: func() toolValue { return acceptAll{} }, lossless: tl.lossless}
	_, _, problem := check(t, accepting, []byte(`{"orderId":"x"}`), "test", ty)
	want := "accept-all: test document: decoder and validator disagree\ndocument: {\"orderId\":\"x\"}\ndecoder:   accepted\nvalidator: rejected: "
	if !strings.HasPrefix(problem, want) {
		t.Errorf("problem = %q, want prefix %q", problem, want)
	}
	_, _, problem = check(t, tl, []byte(`{"orderId":"o-1"}`), "test", ty)
	if problem != "" {
		t.Errorf("agreeing document reported: %s", problem)
	}
	if got := excepted(errors.New("not a StitchError"), []byte(`{}`), nil); got != "" {
		t.Errorf("excepted(plain error) = %q, want \"\"", got)
	}
}

// acceptAll is a decoder that accepts everything.
type acceptAll struct{}

func (acceptAll) UnmarshalJSON([]byte) error                        { return nil }
func (acceptAll) MarshalJSON() ([]byte, error)                      { return []byte("{}"), nil }
func (acceptAll) DecodeToolCall([]byte) ([]string, []string, error) { return nil, nil, nil }
