package conformance

import (
	"fmt"
	"strings"
	"testing"
)

// checkVectors runs README rules 4–6 on every vector of a case.
func checkVectors(t *testing.T, r *caseRun, known []KnownFailure) {
	if !r.driver {
		t.Errorf("no vectors ran: the case did not generate or its manifest failed (see gen/%s)", r.c.Name)
		return
	}
	if r.results == nil {
		t.Errorf("the driver package did not run: %s", r.pkg)
		return
	}
	for i, v := range r.c.Vectors {
		key := fmt.Sprintf("line%02d", v.Line)
		check(t, key+slug(v.Note), r.c.Name+"/"+key, known, func(ck *checker) {
			checkVector(ck, r, v, r.results[i])
			if len(ck.problems) > 0 {
				ck.problems = append([]string{describe(v)}, ck.problems...)
			}
		})
	}
}

// describe names a vector in a failure message.
func describe(v Vector) string {
	in := string(v.Input)
	if len(in) > 200 {
		in = in[:200] + "…"
	}
	return fmt.Sprintf("vectors.jsonl:%d tool %s accept=%v via=%q note=%q\ninput: %s", v.Line, v.Tool, v.Accept, v.Via, v.Note, in)
}

// A path is one decode route of a vector.
type path struct {
	name string
	d    *Decode
}

func paths(res DriverResult) []path {
	var ps []path
	for _, p := range []path{{"json.Unmarshal", res.Unmarshal}, {"UnmarshalJSON", res.Method}, {"DecodeToolCall", res.Tool}} {
		if p.d != nil {
			ps = append(ps, p)
		}
	}
	return ps
}

func checkVector(ck *checker, r *caseRun, v Vector, res DriverResult) {
	ps := paths(res)
	for _, p := range ps {
		if p.d.Panic != "" {
			ck.errorf("%s panicked: %s", p.name, p.d.Panic)
		}
	}
	if len(ck.problems) > 0 {
		return
	}
	for _, p := range ps {
		switch accepted := p.d.Err == nil; {
		case accepted && !v.Accept:
			ck.errorf("%s accepted a vector it must reject; marshalled: %s", p.name, p.d.Marshal)
		case !accepted && v.Accept:
			ck.errorf("%s rejected a vector it must accept: %s", p.name, *p.d.Err)
		}
	}
	if len(ck.problems) > 0 {
		return
	}
	if v.Accept {
		checkAccepted(ck, v, ps)
		checkReports(ck, v, res.Tool)
		checkSuperset(ck, r, v)
	} else {
		checkRejectedVector(ck, v, ps)
	}
}

// checkAccepted: rule 4 for accepted vectors — Marshal of every decoded
// value is the same (and writes no key twice), and equals want when given.
func checkAccepted(ck *checker, v Vector, ps []path) {
	for _, p := range ps {
		if p.d.MarshalErr != nil {
			ck.errorf("json.Marshal of the value decoded by %s failed: %s", p.name, *p.d.MarshalErr)
			return
		}
		if _, err := parseJSON(p.d.Marshal); err != nil {
			ck.errorf("json.Marshal of the value decoded by %s: %v: %s", p.name, err, p.d.Marshal)
			return
		}
	}
	first := ps[0]
	for _, p := range ps[1:] {
		if eq, _ := jsonEqualBytes(first.d.Marshal, p.d.Marshal); !eq {
			ck.errorf("decoded values differ: via %s marshals to %s, via %s to %s", first.name, first.d.Marshal, p.name, p.d.Marshal)
		}
	}
	if v.Want == nil {
		return
	}
	for _, p := range ps {
		eq, err := jsonEqualBytes(v.Want, p.d.Marshal)
		if err != nil {
			ck.errorf("comparing with want: %v", err)
		} else if !eq {
			ck.errorf("via %s: Marshal(decoded) = %s\nwant %s", p.name, p.d.Marshal, v.Want)
		}
	}
}

// checkReports: rule 5 — dropped/repaired as sets when given; a vector
// without via gets no repair. docs/generated-api.md also pins both as nil on error, which
// does not arise here (the vector was accepted).
func checkReports(ck *checker, v Vector, tool *Decode) {
	if tool == nil {
		return
	}
	if v.Dropped != nil && !sameSet(*v.Dropped, tool.Dropped) {
		ck.errorf("DecodeToolCall dropped %q, want %q", tool.Dropped, *v.Dropped)
	}
	if v.Repaired != nil && !sameSet(*v.Repaired, tool.Repaired) {
		ck.errorf("DecodeToolCall repaired %q, want %q", tool.Repaired, *v.Repaired)
	}
	if v.Via == "" && len(tool.Repaired) > 0 {
		ck.errorf("DecodeToolCall repaired %q on a vector where repair does not apply (no via)", tool.Repaired)
	}
}

// checkSuperset: rule 6 — an accepted, non-tolerated input validates
// against the advertised inputSchema.
func checkSuperset(ck *checker, r *caseRun, v Vector) {
	if v.Tolerated() {
		return
	}
	if err := r.badSch[v.Tool]; err != nil {
		ck.errorf("superset check: the advertised inputSchema of %s does not compile: %v", v.Tool, err)
		return
	}
	s := r.schemas[v.Tool]
	if s == nil {
		ck.errorf("superset check: the manifest has no tool %s", v.Tool)
		return
	}
	if err := ValidateInput(s, v.Input); err != nil {
		ck.errorf("superset invariant (docs/flattening.md): the decoder accepts this input but the advertised schema rejects it:\n%v", err)
	}
}

// checkRejectedVector: rule 4 for rejected vectors — every code, the path
// and every contains string appear in every error.
func checkRejectedVector(ck *checker, v Vector, ps []path) {
	for _, p := range ps {
		d, text := p.d, *p.d.Err
		for _, code := range v.Codes {
			if !strings.Contains(text, code) && !has(d.Codes, code) && !(code == "syntax" && d.Syntax) {
				ck.errorf("%s error does not name code %q: %s", p.name, code, text)
			}
		}
		if v.Path != nil && !containsPointer(text, *v.Path) && !has(d.Paths, *v.Path) {
			ck.errorf("%s error does not name path %q (as a whole pointer): %s", p.name, *v.Path, text)
		}
		for _, s := range v.Contains {
			if !strings.Contains(text, s) {
				ck.errorf("%s error does not mention %q: %s", p.name, s, text)
			}
		}
	}
	if t := findPath(ps, "DecodeToolCall"); t != nil && (!t.DroppedNil || !t.RepairNil) {
		ck.errorf("DecodeToolCall returned dropped=%q repaired=%q with an error; docs/generated-api.md: both nil", t.Dropped, t.Repaired)
	}
}

func findPath(ps []path, name string) *Decode {
	for _, p := range ps {
		if p.name == name {
			return p.d
		}
	}
	return nil
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// slug turns the first words of a note into a subtest name suffix:
// "§4.1 strict default" → "_strict_default".
func slug(note string) string {
	var words []string
	for _, w := range strings.FieldsFunc(note, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		if len(words) == 5 {
			break
		}
		if w[0] < '0' || w[0] > '9' { // skip SPEC section numbers
			words = append(words, strings.ToLower(w))
		}
	}
	if len(words) == 0 {
		return ""
	}
	return "_" + strings.Join(words, "_")
}
