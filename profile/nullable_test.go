package profile_test

import (
	"slices"
	"testing"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// A stitch.Nullable property is advertised optional and nullable (a type
// array, or anyOf with null for a reference). openai-strict makes it
// required without adding a second null, in $defs too (decision 0027).
// Its pointer is in NullAsAbsent
// like every optional property's: the decoder reads a null there as
// absent only for a property that is not nullable in the contract, which
// a Nullable never is (golden profile_nullable).
func TestNullableProperty(t *testing.T) {
	doc := model.MustParse(`{"type":"object","properties":{"id":{"type":"integer"},` +
		`"type":{"type":["string","null"],"maxLength":20},` +
		`"owner":{"anyOf":[{"$ref":"#/$defs/Person"},{"type":"null"}]}},"required":["id"],"additionalProperties":false,` +
		`"$defs":{"Person":{"type":"object","properties":{"login":{"type":"string"},"boss":{"anyOf":[{"$ref":"#/$defs/Person"},{"type":"null"}]}},"required":["login"],"additionalProperties":false}}}`).(*model.Object)
	for _, tt := range []struct {
		name  profile.Name
		want  string
		nulls []string
	}{
		{profile.OpenAIStrict,
			`{"type":"object","properties":{"id":{"type":"integer"},"type":{"type":["string","null"],"description":"Constraints: maxLength 20."},` +
				`"owner":{"anyOf":[{"$ref":"#/$defs/Person"},{"type":"null"}]}},"required":["id","type","owner"],"additionalProperties":false,` +
				`"$defs":{"Person":{"type":"object","properties":{"login":{"type":"string"},"boss":{"anyOf":[{"$ref":"#/$defs/Person"},{"type":"null"}]}},"required":["login","boss"],"additionalProperties":false}}}`,
			[]string{"/properties/type", "/properties/owner", "/$defs/Person/properties/boss"}},
	} {
		r, err := profile.Project(tt.name, "t", doc)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(model.MustMarshal(r.Schema)); got != tt.want || !r.Strict {
			t.Errorf("%s (strict %v, warnings %v):\n got %s\nwant %s", tt.name, r.Strict, r.Warnings, got, tt.want)
		}
		if !slices.Equal(r.NullAsAbsent, tt.nulls) {
			t.Errorf("%s: NullAsAbsent %v, want %v", tt.name, r.NullAsAbsent, tt.nulls)
		}
	}
}
