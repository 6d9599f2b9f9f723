package profile_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/stitchgen/stitchgen/internal/profiletest"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// The corpus is every advertised input schema the project pins:
//
//   - the shared conformance cases (../../shared/conformance/*.txtar): each
//     schema.json section maps tool names to expected advertised schemas,
//     and vectors.jsonl gives inputs the decoder accepts;
//   - the examples, as testdata/corpus/examples.json: the output of
//     `go run ./cmd/stitchgen manifest ./examples/...` at the root (rerun
//     it to refresh the snapshot after the examples change).
//
// testdata/corpus/internal.json (`go run ./cmd/stitchgen manifest
// ./internal/agreement/contracts/... ./internal/hostile/contracts/...`) is
// a harder second corpus of test contracts (free-form values, maps, every
// scalar kind): it must also be accepted, but it carries no target share of
// strict tools.
const conformanceDir = "../../shared/conformance"

type corpusTool struct {
	source   string
	name     string
	schema   *model.Object
	accepted [][]byte // inputs the decoder accepts without tolerance
}

func conformanceTools(t *testing.T) []corpusTool {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "*.txtar"))
	if len(files) == 0 {
		t.Fatal("no shared conformance case at " + conformanceDir + ": the suite must run every one")
	}
	var out []corpusTool
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var schemas *model.Object
		vectors := map[string][][]byte{}
		for _, s := range ar.Files {
			switch s.Name {
			case "schema.json":
				schemas = mustParse(t, string(s.Data)).(*model.Object)
			case "vectors.jsonl":
				for tool, inputs := range acceptedVectors(t, s.Data) {
					vectors[tool] = inputs
				}
			}
		}
		if schemas == nil {
			continue // a case rejected at generation time
		}
		for _, m := range schemas.Members {
			out = append(out, corpusTool{
				source: "conformance/" + strings.TrimSuffix(filepath.Base(f), ".txtar"),
				name:   m.Key, schema: m.Value.(*model.Object), accepted: vectors[m.Key],
			})
		}
	}
	return out
}

// acceptedVectors returns, per tool, the args of the accepted vectors that
// are not tolerated (docs/flattening.md exempts tolerance from the superset).
func acceptedVectors(t *testing.T, data []byte) map[string][][]byte {
	out := map[string][][]byte{}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var v struct {
			Tool   string          `json:"tool"`
			Args   json.RawMessage `json:"args"`
			Raw    *string         `json:"raw"`
			Accept bool            `json:"accept"`
			Note   string          `json:"note"`
		}
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("vector %s: %v", line, err)
		}
		if !v.Accept || strings.Contains(v.Note, "tolerated") {
			continue
		}
		args := []byte(v.Args)
		if v.Raw != nil {
			args = []byte(*v.Raw)
		}
		if args != nil {
			out[v.Tool] = append(out[v.Tool], args)
		}
	}
	return out
}

func manifestTools(t *testing.T, file, source string) []corpusTool {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusTool
	tools, _ := mustParse(t, string(data)).(*model.Object).Get("tools")
	for _, tl := range tools.([]any) {
		o := tl.(*model.Object)
		name, _ := o.Get("name")
		schema, _ := o.Get("inputSchema")
		out = append(out, corpusTool{source: source, name: name.(string), schema: schema.(*model.Object)})
	}
	return out
}

// tally is one profile's numbers over a corpus.
type tally struct {
	tools, fallback, rejected, missing, optional, vectors, inputs, supersetFail int
	problems, fellBack                                                          []string
}

func (ty *tally) fail(format string, args ...any) {
	ty.problems = append(ty.problems, fmt.Sprintf(format, args...))
}

// evaluate projects every tool of corpus under name and checks it against
// the provider's checker, the constraint and requiredness invariants and
// the superset promise (the accepted vectors plus generated inputs).
func evaluate(t *testing.T, name profile.Name, corpus []corpusTool, generated int) *tally {
	ty := &tally{}
	for i, ct := range corpus {
		r, err := profile.Project(name, ct.name, ct.schema)
		if err != nil {
			t.Fatal(err)
		}
		id := ct.source + ":" + ct.name
		ty.tools++
		if fellBack(name, r) {
			ty.fallback++
			ty.fellBack = append(ty.fellBack, fmt.Sprintf("%s: %s", id, r.Warnings[0].Message))
		}
		if ps := accepts(name, r); len(ps) > 0 {
			ty.rejected++
			ty.fail("%s rejected: %v", id, ps)
		}
		for _, m := range missingConstraints(ct.schema, r) {
			ty.missing++
			ty.fail("%s: constraint lost: %s", id, m)
		}
		for _, m := range requiredLost(ct.schema, r) {
			ty.optional++
			ty.fail("%s: required key advertised optional: %s", id, m)
		}
		ty.vectors += len(ct.accepted)
		inputs := append([][]byte{}, ct.accepted...)
		inputs = append(inputs, generateInputs(t, ct.schema, generated, uint64(i))...)
		for _, in := range inputs {
			ty.inputs++
			if err := profiletest.Superset(name, ct.schema, r, in); err != nil {
				ty.supersetFail++
				ty.fail("%s: superset: input %s: %v", id, in, err)
			}
		}
	}
	return ty
}

// fellBack reports a tool served in the profile's fallback form.
func fellBack(name profile.Name, r *profile.Result) bool {
	switch name {
	case profile.OpenAIStrict, profile.AnthropicStrict:
		return !r.Strict
	case profile.Gemini:
		return r.Dialect != profile.OpenAPI
	}
	return false
}

// TestCorpus is the acceptance measure of issues 13 and 21 per profile,
// on the main corpus and on its conformance cases alone: 0 tools rejected
// by the provider's checker, at most 25 % served in the fallback form (at
// most 5 % non-strict under the strict profiles), every fallback logged
// with its reason, 0 enforced constraints missing from both keyword and description,
// 0 required keys advertised optional, and every accepted input (the
// conformance vectors, canonicalized per profile, plus inputs generated
// from each schema and kept when the advertised schema accepts them)
// valid against the profile's schema.
func TestCorpus(t *testing.T) {
	conformance := conformanceTools(t)
	main := append(append([]corpusTool{}, conformance...), manifestTools(t, "testdata/corpus/examples.json", "examples")...)
	hard := manifestTools(t, "testdata/corpus/internal.json", "internal")
	t.Logf("%-17s %-8s %5s %9s %8s %8s %8s %15s %8s", "profile", "corpus", "tools", "fallback", "rejected", "missing", "optional", "inputs (vectors)", "superset")
	baseline(t, main)
	for _, name := range profile.Names() {
		for _, c := range []struct {
			label  string
			tools  []corpusTool
			target bool
		}{{"main", main, true}, {"conform.", conformance, true}, {"internal", hard, false}} {
			ty := evaluate(t, name, c.tools, 60)
			share := 100 * float64(ty.fallback) / float64(ty.tools)
			t.Logf("%-17s %-8s %5d %4d %3.0f%% %8d %8d %8d %7d (%5d) %8d", name, c.label, ty.tools, ty.fallback, share,
				ty.rejected, ty.missing, ty.optional, ty.inputs, ty.vectors, ty.supersetFail)
			for _, f := range ty.fellBack {
				t.Logf("  %s %s fallback: %s", name, c.label, f)
			}
			for _, p := range ty.problems {
				t.Errorf("%s/%s: %s", name, c.label, p)
			}
			if c.target && share > 25 {
				t.Errorf("%s: %.0f%% of the tools served in the fallback form, more than 25%%", name, share)
			}
			if strict := name == profile.OpenAIStrict || name == profile.AnthropicStrict; c.target && strict && share > 5 {
				t.Errorf("%s: %.0f%% of the tools served non-strict, more than 5%% (the reversible forms)", name, share)
			}
		}
	}
}

// baseline logs how many advertised schemas each provider's checker takes
// as they are (sent with strict on, or as Gemini parameters): what the
// profiles are for, and proof that the checkers bite.
func baseline(t *testing.T, corpus []corpusTool) {
	var openai, anthropic, gemini int
	for _, ct := range corpus {
		if len(checkOpenAIStrict(ct.schema)) == 0 {
			openai++
		}
		if len(checkAnthropicStrict(ct.schema)) == 0 {
			anthropic++
		}
		if len(checkGemini(ct.schema)) == 0 {
			gemini++
		}
	}
	t.Logf("as advertised, of %d: OpenAI strict takes %d, Anthropic strict %d, Gemini parameters %d", len(corpus), openai, anthropic, gemini)
}

// ---- constraints and requiredness ----

// constraintKeys are the keywords whose meaning the decoder enforces (the
// constraints, the key policy and the defaults of docs/decoding.md).
var constraintKeys = []string{"format", "contentEncoding", "contentMediaType", "pattern", "minLength", "maxLength",
	"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
	"uniqueItems", "minProperties", "maxProperties", "enum", "const", "default", "additionalProperties", "oneOf"}

// missingConstraints returns each constraint of the advertised document
// that the profile's schema neither carries as a keyword nor says in a
// description, found at the same pointer, its anyOf branches, or (for a
// branch the profile merged away) the parent union.
func missingConstraints(adv *model.Object, r *profile.Result) []string {
	if r.Schema == nil {
		if props, _ := adv.Value("properties").(*model.Object); props.Len() == 0 {
			return nil // Gemini: a function without parameters
		}
		return []string{"no schema"}
	}
	var out []string
	eachNode(adv, "", func(ptr string, o *model.Object) {
		for _, m := range o.Members {
			if !slices.Contains(constraintKeys, m.Key) || !isConstraint(m.Key, m.Value) {
				continue
			}
			cands := candidates(adv, r.Schema, ptr)
			if !carried(m.Key, m.Value, cands) && !said(m.Key, m.Value, cands) {
				out = append(out, fmt.Sprintf("%s %s %s", ptr, m.Key, model.MustMarshal(m.Value)))
			}
		}
	})
	return out
}

// isConstraint: additionalProperties constrains when false or a non-empty
// schema; {} and true allow anything.
func isConstraint(k string, v any) bool {
	if k != "additionalProperties" {
		return true
	}
	o, ok := v.(*model.Object)
	return v == false || ok && o.Len() > 0
}

// candidates are the profile's nodes that may stand for the advertised node
// at ptr: the node at the same place, found by walking both documents (a
// union step the profile merged away, one non-null branch beside null, is
// skipped; a oneOf step reads anyOf; a branch index counts the non-null
// branches when the profile dropped the null one), and its anyOf branches
// (a split type array).
func candidates(adv, s *model.Object, ptr string) []*model.Object {
	n, ok := follow(adv, s, ptr).(*model.Object)
	if !ok {
		return nil
	}
	out := []*model.Object{n}
	if l, ok := model.List(n.Value("anyOf")); ok {
		for _, b := range l {
			if bo, ok := b.(*model.Object); ok {
				out = append(out, bo)
			}
		}
	}
	return out
}

func follow(adv, prof any, ptr string) any {
	if ptr == "" {
		return prof
	}
	toks := strings.Split(ptr[1:], "/")
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if (tok == "anyOf" || tok == "oneOf") && i+1 < len(toks) {
			branches, _ := model.List(at(adv, "/"+tok))
			j, _ := strconv.Atoi(toks[i+1])
			adv = at(adv, "/"+tok+"/"+toks[i+1])
			i++
			var nonNull []int
			for k, b := range branches {
				if bo, ok := b.(*model.Object); !ok || bo.Value("type") != "null" || bo.Len() != 1 {
					nonNull = append(nonNull, k)
				}
			}
			pl, ok := model.List(asObject(prof).Value("anyOf"))
			kept := ok && len(pl) == len(branches)
			for k := range branches {
				if kept && !slices.Contains(nonNull, k) {
					kept = asObject(pl[k]).Value("type") == "null"
				}
			}
			switch {
			case kept:
				prof = pl[j]
			case len(nonNull) == 1:
				// merged away: the branch is the node itself
			case ok && len(pl) == len(nonNull) && slices.Contains(nonNull, j):
				prof = pl[slices.Index(nonNull, j)]
			default:
				return nil
			}
			continue
		}
		if tok == "additionalProperties" {
			// a reversible form: the value schema of the entries
			if o := asObject(at(prof, "/properties/"+profile.ExtraKey)); o != nil {
				prof = o
			}
			if at(prof, "/items/properties/value") != nil {
				adv, prof = at(adv, "/"+tok), at(prof, "/items/properties/value")
				continue
			}
		}
		adv, prof = at(adv, "/"+tok), at(prof, "/"+tok)
	}
	return prof
}

func asObject(v any) *model.Object {
	o, _ := v.(*model.Object)
	return o
}

func carried(k string, v any, cands []*model.Object) bool {
	switch k {
	case "enum", "const":
		want := nonNull(v, k == "const")
		var got []any
		for _, c := range cands {
			if e, ok := c.Get("enum"); ok {
				got = append(got, nonNull(e, false)...)
			}
			if cv, ok := c.Get("const"); ok {
				got = append(got, nonNull(cv, true)...)
			}
		}
		return len(got) > 0 && sameSet(want, got)
	}
	for _, c := range cands {
		if cv, ok := c.Get(k); ok && model.Equal(cv, v) {
			return true
		}
		if k == "additionalProperties" && entriesForm(c) {
			return true // the value schema is checked at its own place
		}
	}
	return false
}

// entriesForm reports a map or a loose object in its reversible form: an
// array of {"key", "value"} objects, or an object with one under ExtraKey.
func entriesForm(c *model.Object) bool {
	if o := asObject(at(c, "/properties/"+profile.ExtraKey)); o != nil {
		c = o
	}
	return at(c, "/items/properties/key") != nil && at(c, "/items/properties/value") != nil
}

func nonNull(v any, single bool) []any {
	l, _ := model.List(v)
	if single {
		l = []any{v}
	}
	var out []any
	for _, e := range l {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

func sameSet(a, b []any) bool {
	in := func(x any, l []any) bool {
		return slices.ContainsFunc(l, func(y any) bool { return model.Equal(x, y) })
	}
	for _, x := range a {
		if !in(x, b) {
			return false
		}
	}
	for _, x := range b {
		if !in(x, a) {
			return false
		}
	}
	return true
}

// said reports the pinned wording of k and v in a candidate's description.
func said(k string, v any, cands []*model.Object) bool {
	want := "Constraints: "
	item := k + " " + string(model.MustMarshal(v))
	switch k {
	case "default":
		want, item = "", "Default: "+string(model.MustMarshal(v))+"."
	case "oneOf":
		item = "oneOf (exactly one anyOf branch matches)"
	}
	for _, c := range cands {
		d, _ := c.Value("description").(string)
		if strings.Contains(d, want) && strings.Contains(d, item) {
			return true
		}
	}
	return false
}

// requiredLost returns each required key of the advertised document that
// the profile's schema does not list as required.
func requiredLost(adv *model.Object, r *profile.Result) []string {
	var out []string
	eachNode(adv, "", func(ptr string, o *model.Object) {
		req, _ := model.Strings(o.Value("required"))
		if len(req) == 0 {
			return
		}
		var got []string
		found := false
		for _, c := range candidates(adv, r.Schema, ptr) {
			if c.Has("properties") {
				found = true
				l, _ := model.Strings(c.Value("required"))
				got = append(got, l...)
			}
		}
		for _, k := range req {
			if !found || !slices.Contains(got, k) {
				out = append(out, ptr+" "+k)
			}
		}
	})
	return out
}

// eachNode calls f for every schema object below v (properties, items,
// additionalProperties, anyOf/oneOf/allOf branches, $defs).
func eachNode(v any, ptr string, f func(ptr string, o *model.Object)) {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		return
	}
	f(ptr, o)
	if props, ok := o.Value("properties").(*model.Object); ok {
		for _, m := range props.Members {
			eachNode(m.Value, ptr+"/properties/"+m.Key, f)
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		eachNode(o.Value(k), ptr+"/"+k, f)
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		l, _ := model.List(o.Value(k))
		for i, b := range l {
			eachNode(b, ptr+"/"+k+"/"+strconv.Itoa(i), f)
		}
	}
	if defs, ok := o.Value("$defs").(*model.Object); ok {
		for _, d := range defs.Members {
			eachNode(d.Value, ptr+"/$defs/"+d.Key, f)
		}
	}
}

// TestDeterministic projects every corpus tool twice from freshly parsed
// bytes: the output bytes and warnings are identical, and the input is not
// modified.
func TestDeterministic(t *testing.T) {
	corpus := append(conformanceTools(t), manifestTools(t, "testdata/corpus/examples.json", "examples")...)
	corpus = append(corpus, manifestTools(t, "testdata/corpus/internal.json", "internal")...)
	for _, ct := range corpus {
		src := model.MustMarshal(ct.schema)
		for _, name := range profile.Names() {
			var outs []string
			for range 2 {
				in := mustParse(t, string(src)).(*model.Object)
				r, err := profile.Project(name, ct.name, in)
				if err != nil {
					t.Fatal(err)
				}
				if string(model.MustMarshal(in)) != string(src) {
					t.Fatalf("%s %s: Project modified its input", name, ct.name)
				}
				var ws []string
				for _, w := range r.Warnings {
					ws = append(ws, w.String())
				}
				outs = append(outs, string(model.MustMarshal(r.Schema))+strings.Join(ws, "\n")+strings.Join(r.NullAsAbsent, " "))
			}
			if outs[0] != outs[1] {
				t.Errorf("%s %s: two runs differ:\n%s\n%s", name, ct.name, outs[0], outs[1])
			}
		}
	}
}

// TestNullAsAbsent: under openai-strict the listed properties are exactly
// the advertised document's optional ones, at every level, and each
// accepts null in the projection.
func TestNullAsAbsent(t *testing.T) {
	corpus := append(conformanceTools(t), manifestTools(t, "testdata/corpus/examples.json", "examples")...)
	for _, ct := range corpus {
		r, err := profile.Project(profile.OpenAIStrict, ct.name, ct.schema)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Strict {
			if r.NullAsAbsent != nil {
				t.Errorf("%s: NullAsAbsent %q on a non-strict result", ct.name, r.NullAsAbsent)
			}
			continue
		}
		want := optionalProperties(ct.schema, "")
		if strings.Join(r.NullAsAbsent, " ") != strings.Join(want, " ") {
			t.Errorf("%s: NullAsAbsent\n got %q\nwant %q", ct.name, r.NullAsAbsent, want)
		}
		for _, ptr := range r.NullAsAbsent {
			sch, err := compileAt(r.Schema, ptr)
			if err != nil || sch.Validate(nil) != nil {
				t.Errorf("%s %s: the projection does not accept null (%v)", ct.name, ptr, err)
			}
		}
	}
}

// optionalProperties returns the pointers of the properties no required
// lists, in document order (a property before what it contains).
func optionalProperties(v any, ptr string) []string {
	o, ok := v.(*model.Object)
	if !ok || o == nil {
		return nil
	}
	var out []string
	for _, m := range o.Members {
		p := ptr + "/" + m.Key
		switch m.Key {
		case "properties":
			req, _ := model.Strings(o.Value("required"))
			props, _ := m.Value.(*model.Object)
			for _, pm := range props.Members {
				if !slices.Contains(req, pm.Key) {
					out = append(out, p+"/"+pm.Key)
				}
				out = append(out, optionalProperties(pm.Value, p+"/"+pm.Key)...)
			}
		case "items", "additionalProperties":
			out = append(out, optionalProperties(m.Value, p)...)
		case "anyOf", "oneOf", "allOf":
			l, _ := model.List(m.Value)
			for i, b := range l {
				out = append(out, optionalProperties(b, p+"/"+strconv.Itoa(i))...)
			}
		case "$defs":
			defs, _ := m.Value.(*model.Object)
			for _, d := range defs.Members {
				out = append(out, optionalProperties(d.Value, p+"/"+d.Key)...)
			}
		}
	}
	return out
}
