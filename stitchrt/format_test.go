package stitchrt

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestFormatsMatchValidator checks every portable format against the JSON
// Schema validator the project tests with (format assertions on), on
// strings chosen to sit on the edges of each format.
func TestFormatsMatchValidator(t *testing.T) {
	funcs := map[string]func(string) bool{
		"date": FormatDate, "time": FormatTime, "date-time": FormatDateTime,
		"duration": FormatDuration, "uri": FormatURI, "uri-reference": FormatURIReference,
		"uri-template": FormatURITemplate, "email": FormatEmail, "hostname": FormatHostname,
		"ipv4": FormatIPv4, "ipv6": FormatIPv6, "uuid": FormatUUID,
		"json-pointer": FormatJSONPointer, "relative-json-pointer": FormatRelativeJSONPointer,
		"regex": FormatRegex,
	}
	inputs := []string{
		"", "a", "2024-02-29", "2023-02-29", "2024-13-01", "10:00:00Z", "23:59:60Z", "22:59:60Z", "23:59:60+01:00",
		"10:00:00.5+02:00", "10:00:00", "24:00:00Z", "2024-05-01T10:00:00Z", "2024-05-01t10:00:00z",
		"2024-05-01T10:00:00+0200", "P1D", "PT1H", "P1H", "P1W", "P", "PT", "P1DT", "P1Y2M3DT4H5M6S", "P1M1Y",
		"http://x.y/z", "relative/path", "//host", "http://[::1]:80/", "http://::1/", `a\b`, "http://x/{a}", "http://x/{a",
		"http://x/%7Ba%7D", "a@b.co", "a@", "@b.co", "a..b@c.d", ".a@b.c", `"a b"@c.d`, "a@[1.2.3.4]", "a@[IPv6:::1]", "a@-b.c",
		"a-b.c", "-a.b", "a.", strings.Repeat("a", 64) + ".b", "1.2.3.4", "01.2.3.4", "256.1.1.1", "1.2.3", "::1", "1::2::3",
		"fe80::1%eth0", "123e4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000", "/a/b~0~1", "/a~2", "a/b",
		"0", "1/a", "01/a", "2#", "#", "[a-z]+", "(", "a{2}",
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	for name, fn := range funcs {
		if err := c.AddResource(name+".json", map[string]any{"format": name}); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile(name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range inputs {
			want := sch.Validate(in) == nil
			if got := fn(in); got != want {
				t.Errorf("format %s, %q: got %v, validator says %v", name, in, got, want)
			}
		}
	}
}
