package check

import (
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// Portable lists the formats that JSON Schema validators in every client
// language understand alike (docs/contracts.md lists them), in that order.
var Portable = []string{"date", "time", "date-time", "duration", "uri", "uri-reference", "uri-template",
	"email", "hostname", "ipv4", "ipv6", "regex", "uuid", "json-pointer", "relative-json-pointer"}

// format reports a "format" that is neither portable nor allowed.
func (c *checker) format(o *model.Object, path string) {
	v, ok := o.Get("format")
	if !ok {
		return
	}
	f, _ := v.(string)
	if slices.Contains(Portable, f) || slices.Contains(c.opt.AllowFormats, f) {
		return
	}
	c.report(path, "format "+quote(f)+" is not portable (portable: "+strings.Join(Portable, ", ")+
		"); use one of those, or allow it with -allow-format="+f)
}
