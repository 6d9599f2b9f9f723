package check

import (
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// headerKey is the extension keyword that mirrors a property into an HTTP
// header of MCP's streamable transport (SEP-2243: Mcp-Param-{name}).
const headerKey = "x-mcp-header"

// headers checks the x-mcp-header keywords of an input schema as the MCP
// SDKs do when a tool is registered (the go-sdk leaves a tool that fails
// out of tools/list, mcp-go refuses it): on the properties of the root and
// of nested objects, each value a header name (an HTTP token), on a
// string, integer or boolean property, each name once ignoring case.
func (c *checker) headers(root *model.Object) {
	seen := map[string]string{} // lower-cased name → path
	c.headerProps(root, "", seen)
}

func (c *checker) headerProps(o *model.Object, path string, seen map[string]string) {
	props, _ := o.Get("properties")
	ps, ok := props.(*model.Object)
	if !ok || ps == nil {
		return
	}
	for _, m := range ps.Members {
		p, ok := m.Value.(*model.Object)
		if !ok || p == nil {
			continue
		}
		at := join(path, m.Key)
		if v, ok := p.Get(headerKey); ok {
			c.header(p, at, v, seen)
		}
		c.headerProps(p, at, seen)
	}
}

func (c *checker) header(p *model.Object, path string, v any, seen map[string]string) {
	name, _ := v.(string)
	if !isToken(name) {
		c.report(path, headerKey+" value must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~), got "+string(model.MustMarshal(v))+
			": clients send it as the header Mcp-Param-{name}")
		return
	}
	if typ, _ := p.Get("type"); typ != "string" && typ != "integer" && typ != "boolean" {
		c.report(path, headerKey+" "+quote(name)+" is on a property of type "+typeText(typ)+
			`; a header mirrors one plain value: only a property of type "string", "integer" or "boolean" can carry it (the MCP SDKs refuse the tool otherwise)`)
		return
	}
	lower := strings.ToLower(name)
	if other, ok := seen[lower]; ok {
		c.report(path, headerKey+" "+quote(name)+" is also the header of "+join(c.subject, other)+
			" (header names are compared ignoring case); give each property its own")
		return
	}
	seen[lower] = path
}

// isToken reports whether s is an HTTP token (RFC 9110 tchar+).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case strings.ContainsRune("!#$%&'*+-.^_`|~", r):
		default:
			return false
		}
	}
	return true
}

// typeText is the JSON of a "type" value, "none" when there is none.
func typeText(v any) string {
	if v == nil {
		return "none"
	}
	return string(model.MustMarshal(v))
}
