package load

import (
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// decoderFormats are the formats the generated decoder enforces: the
// portable ones of SPEC §6 (check.Portable; a test keeps the two lists
// equal). Other formats are allowed with -allow-format but not checked.
var decoderFormats = []string{"date", "time", "date-time", "duration", "uri", "uri-reference", "uri-template",
	"email", "hostname", "ipv4", "ipv6", "regex", "uuid", "json-pointer", "relative-json-pointer"}

var (
	formatOnce    sync.Once
	formatSchemas map[string]*jsonschema.Schema
)

// formatValid reports whether the decoder accepts s for the format name.
// The decoder's format checks mirror those of the JSON Schema validator
// the project tests against (gen/decode/rt/format.go), so the validator
// itself judges a default here; a format the decoder does not enforce
// accepts every string.
func formatValid(name, s string) bool {
	formatOnce.Do(compileFormats)
	sch := formatSchemas[name]
	return sch == nil || sch.Validate(s) == nil
}

func compileFormats() {
	formatSchemas = map[string]*jsonschema.Schema{}
	for _, name := range decoderFormats {
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		url := "stitchgen:format/" + name
		if err := c.AddResource(url, map[string]any{"format": name}); err != nil {
			panic(err) // a fixed, valid schema
		}
		formatSchemas[name] = c.MustCompile(url)
	}
}
