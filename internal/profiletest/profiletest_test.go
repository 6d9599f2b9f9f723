package profiletest_test

import (
	"testing"

	"github.com/stitchgen/stitchgen/internal/profiletest"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// TestSupersetCanFail shows the check judges: a document outside the
// advertised schema fails it under every profile, and the same document
// inside passes. (maxLength is no test of it: the strict profiles move it
// into the description, which widens their schemas.)
func TestSupersetCanFail(t *testing.T) {
	v, err := model.Parse([]byte(`{"type":"object","properties":{"note":{"type":"string","maxLength":3}},"additionalProperties":false}`))
	if err != nil {
		t.Fatal(err)
	}
	adv := v.(*model.Object)
	for name, want := range map[profile.Name]string{
		profile.MCP:             "want string",
		profile.OpenAIStrict:    "want null or string", // the optional note is written null when absent
		profile.AnthropicStrict: "want string",
		profile.Gemini:          "want string",
	} {
		r, err := profile.Project(name, "t", adv)
		if err != nil {
			t.Fatal(err)
		}
		if err := profiletest.Superset(name, adv, r, []byte(`{"note":"abc"}`)); err != nil {
			t.Errorf("%s: an input inside the schema fails: %v", name, err)
		}
		err = profiletest.Superset(name, adv, r, []byte(`{"note":5}`))
		if err == nil {
			t.Errorf("%s: a number for the string note passes", name)
			continue
		}
		if got, want := err.Error(), "jsonschema validation failed with 'mem:///profile.json#'\n- at '/note': got number, "+want; got != want {
			t.Errorf("%s: error\n got %s\nwant %s", name, got, want)
		}
	}
}
