package model_test

import (
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// Documents hold one Go spelling of each JSON value, the one Parse returns;
// Marshal refuses the others, so a builder cannot hand a later stage a
// document that differs from its own serialization (issue 15, item 6: an
// int minLength did not equal itself under Equal, so flatten widened two
// identical declarations).
func TestMarshalRejectsNonDocumentValues(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{model.NewObject("minLength", 1), "model: cannot marshal int in a JSON document (numbers are model.Number, arrays []any)"},
		{model.NewObject("required", []string{"a"}), "model: cannot marshal []string in a JSON document (numbers are model.Number, arrays []any)"},
		{[]any{1.5}, "model: cannot marshal float64 in a JSON document (numbers are model.Number, arrays []any)"},
		{map[string]any{}, "model: cannot marshal map[string]interface {} in a JSON document (numbers are model.Number, arrays []any)"},
		{model.Number("01"), `model: invalid number "01"`},
	} {
		b, err := model.Marshal(c.v)
		if err == nil || err.Error() != c.want {
			t.Errorf("Marshal(%#v) = %s, %v; want error %q", c.v, b, err, c.want)
		}
	}
}

func TestParseMarshalRoundTrip(t *testing.T) {
	for _, text := range []string{
		`{"type":"string","minLength":1,"maxLength":4096}`,
		`{"required":["b","a"],"enum":[1.0,1e2,-0,null,true,"x",[],{}]}`,
		`{"z":{"y":[{"x":"\u2028\"\\\n"}]},"a":12345678901234567890123}`,
	} {
		v := model.MustParse(text)
		if got := string(model.MustMarshal(v)); got != text {
			t.Errorf("Marshal(Parse(%s)) = %s", text, got)
		}
		if !model.Equal(v, model.MustParse(string(model.MustMarshal(v)))) {
			t.Errorf("%s: not Equal to its reparse", text)
		}
	}
}

func TestEqual(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`{"minLength":1,"maxLength":4096}`, `{"maxLength":4096,"minLength":1}`, true},
		{`{"n":1}`, `{"n":1.0}`, true},
		{`{"n":1e2}`, `{"n":100}`, true},
		{`{"n":1}`, `{"n":2}`, false},
		{`["a","b"]`, `["b","a"]`, false},
		{`{"a":null}`, `{}`, false},
		{`{"a":null}`, `{"a":false}`, false},
		{`"1"`, `1`, false},
		{`[]`, `{}`, false},
	} {
		a, b := model.MustParse(c.a), model.MustParse(c.b)
		if got := model.Equal(a, b); got != c.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := model.Equal(b, a); got != c.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", c.b, c.a, got, c.want)
		}
	}
	// Values outside the document type are equal to nothing, not even
	// themselves: no stage may hold them.
	for _, v := range []any{1, []string{"a"}, model.Raw(`1`)} {
		if model.Equal(v, v) {
			t.Errorf("Equal(%#v, itself) = true", v)
		}
	}
}
