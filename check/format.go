package check

import (
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// format reports a "format" that is neither portable nor allowed.
func (c *checker) format(o *model.Object, path string) {
	v, ok := o.Get("format")
	if !ok {
		return
	}
	f, _ := v.(string)
	if slices.Contains(facts.PortableFormats(), f) || slices.Contains(c.opt.AllowFormats, f) {
		return
	}
	c.report(path, "format "+quote(f)+" is not portable (portable: "+strings.Join(facts.PortableFormats(), ", ")+
		"); use one of those, or allow it with -allow-format="+f)
}
