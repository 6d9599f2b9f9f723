package hostile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/hostile/contracts/formats"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/kitchen"
	"github.com/stitchgen/stitchgen/internal/testmod"
)

// formatTools maps each portable format to a new value of its tool in
// contract package formats (one required string property "v").
var formatTools = map[string]func() toolValue{
	"date": func() toolValue { return new(formats.Date) }, "time": func() toolValue { return new(formats.Time) },
	"date-time": func() toolValue { return new(formats.DateTime) }, "duration": func() toolValue { return new(formats.Duration) },
	"uri": func() toolValue { return new(formats.URI) }, "uri-reference": func() toolValue { return new(formats.URIReference) },
	"uri-template": func() toolValue { return new(formats.URITemplate) }, "email": func() toolValue { return new(formats.Email) },
	"hostname": func() toolValue { return new(formats.Hostname) }, "ipv4": func() toolValue { return new(formats.IPv4) },
	"ipv6": func() toolValue { return new(formats.IPv6) }, "regex": func() toolValue { return new(formats.Regex) },
	"uuid": func() toolValue { return new(formats.UUID) }, "json-pointer": func() toolValue { return new(formats.JSONPointer) },
	"relative-json-pointer": func() toolValue { return new(formats.RelativeJSONPointer) },
}

// formatSuiteDir returns the JSON Schema Test Suite's draft2020-12
// optional/format directory, shared beside the repository root; like
// suiteDir it skips when the directory is missing, except in CI.
func formatSuiteDir(t *testing.T) string {
	root, err := testmod.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "..", "shared", "testdata", "JSON-Schema-Test-Suite", "tests", "draft2020-12", "optional", "format")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("JSON Schema Test Suite missing in CI: %v", err)
		}
		t.Skipf("JSON Schema Test Suite not present: %v", err)
	}
	return dir
}

// nonStringIssue is the one issue a generated decoder reports for a
// non-string value of a string property. The suite calls such a value
// valid (a format asserts nothing about non-strings); a stitchgen string
// property is typed ("type": "string" is advertised beside the format), so
// the decoder rejects it with code type (SPEC §4.6), or with code null for
// null (SPEC §4.5), and never with code format.
func nonStringIssue(data json.RawMessage) string {
	kind := "number"
	switch data[0] {
	case 'n':
		return `/v: null: null is not allowed here; expected string`
	case '{':
		kind = "object"
	case '[':
		kind = "array"
	case 't', 'f':
		kind = "boolean"
	}
	return `/v: type: expected string, got ` + kind
}

// TestFormatSuiteGenerated decodes every case of the suite's format files
// as {"v": <data>} with the generated decoder of its format's tool (both
// entry points) and compares the verdict with the suite's; a string the
// suite calls invalid must fail with exactly one issue, code format, at
// /v. Files and groups of formats the decoders do not enforce (idn-email,
// iri, ...) are skipped by name.
func TestFormatSuiteGenerated(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(formatSuiteDir(t), "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	wrong, total := map[string]int{}, map[string]int{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Description string
			Schema      struct{ Format string }
			Tests       []struct {
				Description string
				Data        json.RawMessage
				Valid       bool
			}
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		for _, g := range groups {
			fresh, ok := formatTools[g.Schema.Format]
			if !ok {
				t.Logf("%s: format %q is not enforced by the decoders, skipped", filepath.Base(f), g.Schema.Format)
				continue
			}
			for _, c := range g.Tests {
				total[g.Schema.Format]++
				in := append(append([]byte(`{"v":`), c.Data...), '}')
				err := fresh().UnmarshalJSON(in)
				_, _, tcErr := fresh().DecodeToolCall(in)
				if errText(err) != errText(tcErr) {
					t.Errorf("%s: UnmarshalJSON %q, DecodeToolCall %q", in, errText(err), errText(tcErr))
				}
				want := ""
				switch {
				case c.Data[0] != '"':
					want = nonStringIssue(c.Data)
				case !c.Valid:
					want = `/v: format: not a valid ` + g.Schema.Format
				}
				got := errText(err)
				if got != want {
					wrong[g.Schema.Format]++
					t.Errorf("format %s, %s (%s: %s): got error %q, want %q", g.Schema.Format, c.Data, g.Description, c.Description, got, want)
				}
			}
		}
	}
	if len(total) != len(formatTools) {
		t.Errorf("suite cases for %d formats, %d enforced", len(total), len(formatTools))
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Strings(names)
	var sum int
	var b strings.Builder
	for _, n := range names {
		sum += wrong[n]
		b.WriteString("\n  " + n + ": " + strconv.Itoa(wrong[n]) + " wrong of " + strconv.Itoa(total[n]))
	}
	t.Logf("wrong verdicts: %d%s", sum, b.String())
}

// TestValidatorFormatGap pins the validator's side of the gaps the fuzz
// harness forgives: kitchen.Formats accepts each value, the validator
// refuses it only at its format, and validatorFormatGap says so.
func TestValidatorFormatGap(t *testing.T) {
	for _, in := range []string{`{"when":"2024-01-01T00:00:00Z","mail":"\"a\\\"b\"@c.d"}`, `{"when":"2024-01-01T00:00:00Z","link":"http://[v1.x]/"}`} {
		var x kitchen.Formats
		if err := x.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		err := losslessSchema(t, kitchen.FormatsLosslessSchema).Validate(mustInstance(t, []byte(in)))
		if err == nil {
			t.Errorf("%s: the validator accepts it; drop its class from validatorFormatGap", in)
		} else if !validatorFormatGap(err) {
			t.Errorf("%s: not a known gap: %v", in, err)
		}
	}
}
