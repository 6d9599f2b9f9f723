package hostile

import (
	"encoding/json"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/stitchgen/stitchgen/internal/formatsuite"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/formats"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/kitchen"
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

// nonStringIssue is the one issue a generated decoder reports for a
// non-string value of a string property. The suite calls such a value
// valid (a format asserts nothing about non-strings); a stitchgen string
// property is typed ("type": "string" is advertised beside the format), so
// the decoder rejects it with code type (docs/decoding.md), or with code null for
// null (docs/decoding.md), and never with code format.
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

// quotedInput is how an issue message quotes the JSON string data: Go
// quoted, and past 64 bytes its first 32 (whole characters) then "…" and
// its length in bytes.
func quotedInput(t *testing.T, data []byte) string {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	if len(s) <= 64 {
		return strconv.Quote(s)
	}
	n := 32
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strconv.Quote(s[:n]) + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// TestFormatSuiteGenerated decodes every case of the suite's format files
// as {"v": <data>} with the generated decoder of its format's tool (both
// entry points) and compares the verdict with the suite's; a string the
// suite calls invalid must fail with exactly one issue, code format, at
// /v. Files and groups of formats the decoders do not enforce (idn-email,
// iri, ...) are skipped by name.
func TestFormatSuiteGenerated(t *testing.T) {
	var tally formatsuite.Tally
	for _, c := range formatsuite.Cases(t, func(format string) bool { _, ok := formatTools[format]; return ok }) {
		fresh := formatTools[c.Format]
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
			want = `/v: format: not a valid ` + c.Format + ": " + quotedInput(t, c.Data)
		}
		got := errText(err)
		tally.Add(c.Format, got != want)
		if got != want {
			t.Errorf("format %s, %s (%s: %s): got error %q, want %q", c.Format, c.Data, c.Group, c.Desc, got, want)
		}
	}
	if tally.Formats() != len(formatTools) {
		t.Errorf("suite cases for %d formats, %d enforced", tally.Formats(), len(formatTools))
	}
	t.Log(tally.String())
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
