package check

import (
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/schema"
)

func pos(line int) model.Pos { return model.Pos{File: "contract.go", Line: line, Col: 2} }

var (
	anyType    = &model.Type{Kind: model.KindAny}
	stringType = &model.Type{Kind: model.KindString, Basic: "string"}
)

// tool builds a tool whose input struct has the given fields.
func tool(name, desc string, fields ...*model.Field) *model.Tool {
	return &model.Tool{Name: name, Description: desc, Pos: model.Pos{File: "contract.go", Line: 3, Col: 6},
		Input: &model.Type{Kind: model.KindStruct, Name: "In", Struct: &model.Struct{Fields: fields}}}
}

func field(json string, t *model.Type, line int) *model.Field {
	return &model.Field{GoName: strings.ToUpper(json[:1]) + json[1:], JSONName: json, Type: t, Required: true, Pos: pos(line)}
}

func doc(t *testing.T, s string) *model.Object {
	t.Helper()
	v, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v.(*model.Object)
}

// run checks advertised (with positions for the given paths) and returns
// the sorted diagnostics, one line each.
func run(t *testing.T, tl *model.Tool, advertised string, positions map[string]model.Pos, opt Options) string {
	t.Helper()
	ds := Tool(tl, doc(t, advertised), &schema.Doc{Positions: positions}, nil, opt)
	var lines []string
	for _, d := range model.SortDiagnostics(ds) {
		lines = append(lines, d.String())
	}
	return strings.Join(lines, "\n")
}

func expect(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("diagnostics:\n got: %s\nwant: %s", got, want)
	}
}

func TestUntyped(t *testing.T) {
	tl := tool("publish_event", "Publishes an event.", field("topic", stringType, 7), field("payload", anyType, 9))
	adv := `{"type":"object","properties":{"topic":{"type":"string"},"payload":{"description":"Free-form event body."}},"required":["topic","payload"],"additionalProperties":false}`
	expect(t, run(t, tl, adv, map[string]model.Pos{"topic": pos(7), "payload": pos(9)}, Options{}),
		`contract.go:9:2: publish_event.payload: free-form property (no type, enum, const, anyOf, oneOf, allOf, $ref or not): give the field a concrete type, or tag it stitch:"untyped" to allow any JSON value`)
	expect(t, run(t, tl, adv, nil, Options{AllowUntyped: true}), ``)

	tl.Input.Struct.Fields[1].Untyped = true
	expect(t, run(t, tl, adv, nil, Options{}), ``)
}

func TestUntypedNested(t *testing.T) {
	inner := &model.Type{Kind: model.KindStruct, Name: "Item", Struct: &model.Struct{Fields: []*model.Field{field("data", anyType, 20)}}}
	tl := tool("put", "Puts.", field("items", &model.Type{Kind: model.KindSlice, Elem: inner}, 8))
	adv := `{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"data":{}}}}}}`
	// Without a recorded position, the field found in the model positions it.
	expect(t, run(t, tl, adv, map[string]model.Pos{"items": pos(8)}, Options{}),
		`contract.go:20:2: put.items.data: free-form property (no type, enum, const, anyOf, oneOf, allOf, $ref or not): give the field a concrete type, or tag it stitch:"untyped" to allow any JSON value`)
}

func TestUntypedCollision(t *testing.T) {
	node := &model.Type{Kind: model.KindStruct, Name: "Node", Recursive: true, Struct: &model.Struct{}}
	a := &model.Type{Kind: model.KindStruct, Name: "A", Struct: &model.Struct{Fields: []*model.Field{field("x", node, 30)}}}
	b := &model.Type{Kind: model.KindStruct, Name: "B", Struct: &model.Struct{Fields: []*model.Field{field("x", stringType, 40)}}}
	u := &model.Type{Kind: model.KindUnion, Name: "U", Union: &model.Union{Discriminator: "kind", Variants: []*model.Variant{{Type: a}, {Type: b}}}}
	tl := tool("pick", "Picks.", field("u", u, 8))
	adv := `{"type":"object","properties":{"u":{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},"x":{}},"required":["kind","x"]}}}`
	expect(t, run(t, tl, adv, map[string]model.Pos{"u.x": pos(30)}, Options{}),
		`contract.go:30:2: pick.u.x: property has no type in the advertised schema because its union variants declare it with shapes that cannot be joined (a reference or a free-form schema): give it one type in every variant, or rename it in one variant`)
}

func TestTypedKeywords(t *testing.T) {
	tl := tool("t", "T.")
	adv := `{"type":"object","properties":{"a":{"type":"string"},"b":{"enum":[1]},"c":{"const":1},"d":{"anyOf":[{"type":"string"}]},` +
		`"e":{"oneOf":[{"type":"string"}]},"f":{"allOf":[{"type":"string"}]},"g":{"$ref":"#/$defs/G"},"h":{"not":{"type":"null"}}},` +
		`"$defs":{"G":{"type":"object","properties":{"free":{"description":"x"}}}}}`
	expect(t, run(t, tl, adv, nil, Options{}),
		`contract.go:3:6: t.free: free-form property (no type, enum, const, anyOf, oneOf, allOf, $ref or not): give the field a concrete type, or tag it stitch:"untyped" to allow any JSON value`)
}

func TestDefsNamedAfterFirstReference(t *testing.T) {
	tl := tool("tree", "Trees.")
	adv := `{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"}},"$defs":{"Node":{"type":"object","properties":{"meta":{},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}}}`
	ds := Tool(tl, doc(t, adv), &schema.Doc{Positions: map[string]model.Pos{"root.meta": pos(12)}, DefPaths: map[string]string{"Node": "root"}}, nil, Options{})
	if len(ds) != 1 || ds[0].String() != `contract.go:12:2: tree.root.meta: free-form property (no type, enum, const, anyOf, oneOf, allOf, $ref or not): give the field a concrete type, or tag it stitch:"untyped" to allow any JSON value` {
		t.Errorf("got %v", ds)
	}
}

func TestRoot(t *testing.T) {
	tl := tool("bad_root", "Bad.")
	want := `contract.go:3:6: tool bad_root: input schema must be an object with "properties" (MCP clients reject anything else); use a struct as the tool's input type`
	expect(t, run(t, tl, `{"type":"string"}`, nil, Options{}), want)
	expect(t, run(t, tl, `{"type":"object"}`, nil, Options{}), want)
	expect(t, run(t, tl, `{"oneOf":[{"type":"object","properties":{}}]}`, nil, Options{}), want)
	expect(t, run(t, tl, `{"type":"object","properties":{}}`, nil, Options{}), ``)
}

func TestDescriptionWarning(t *testing.T) {
	tl := tool("quiet", "")
	expect(t, run(t, tl, `{"type":"object","properties":{}}`, nil, Options{}),
		`contract.go:3:6: warning: tool quiet: tool has no description; add a doc comment to its input type, the model reads it to choose the tool`)
	ds := Tool(tl, doc(t, `{"type":"object","properties":{}}`), nil, nil, Options{})
	if model.HasErrors(ds) {
		t.Errorf("a missing description must be a warning only: %v", ds)
	}
}

func TestFormats(t *testing.T) {
	tl := tool("fmt", "F.", field("color", stringType, 5), field("tags", &model.Type{Kind: model.KindSlice, Elem: stringType}, 6))
	adv := `{"type":"object","properties":{"when":{"type":"string","format":"date-time"},"id":{"type":"string","format":"uuid"},` +
		`"color":{"type":"string","format":"color"},"tags":{"type":"array","items":{"type":"string","format":"iri"}}}}`
	expect(t, run(t, tl, adv, map[string]model.Pos{"color": pos(5), "tags": pos(6)}, Options{}),
		`contract.go:5:2: fmt.color: format "color" is not portable (portable: date, time, date-time, duration, uri, uri-reference, uri-template, email, hostname, ipv4, ipv6, regex, uuid, json-pointer, relative-json-pointer); use one of those, or allow it with -allow-format=color`+"\n"+
			`contract.go:6:2: fmt.tags: format "iri" is not portable (portable: date, time, date-time, duration, uri, uri-reference, uri-template, email, hostname, ipv4, ipv6, regex, uuid, json-pointer, relative-json-pointer); use one of those, or allow it with -allow-format=iri`)
	expect(t, run(t, tl, adv, nil, Options{AllowFormats: []string{"color", "iri"}}), ``)
}

func TestPatternDiagnostic(t *testing.T) {
	tl := tool("pat", "P.", field("code", stringType, 5))
	adv := `{"type":"object","properties":{"code":{"type":"string","pattern":"\\A[[:alpha:]]+\\z"},"ok":{"type":"string","pattern":"^[A-Z0-9-]+$"}}}`
	expect(t, run(t, tl, adv, map[string]model.Pos{"code": pos(5)}, Options{}),
		`contract.go:5:2: pat.code: pattern "\\A[[:alpha:]]+\\z" does not mean the same in RE2 (the decoder) and ECMA-262 (the clients): `+
			`\A is not ECMA-262; write ^; POSIX class [:alpha:] is not ECMA-262; write the characters as a range, e.g. [a-zA-Z]; \z is not ECMA-262; write $`)
}

func TestOutputSchema(t *testing.T) {
	tl := tool("out", "O.")
	tl.Output = &model.Type{Kind: model.KindStruct, Name: "Out", Struct: &model.Struct{Fields: []*model.Field{field("at", stringType, 50)}}}
	out := &schema.Doc{Schema: doc(t, `{"type":"object","properties":{"at":{"type":"string","format":"color"},"raw":{}}}`), Positions: map[string]model.Pos{"at": pos(50)}}
	ds := Tool(tl, doc(t, `{"type":"object","properties":{}}`), nil, out, Options{})
	got := ""
	for _, d := range ds {
		got += d.String() + "\n"
	}
	want := `contract.go:50:2: out output.at: format "color" is not portable (portable: date, time, date-time, duration, uri, uri-reference, uri-template, email, hostname, ipv4, ipv6, regex, uuid, json-pointer, relative-json-pointer); use one of those, or allow it with -allow-format=color` + "\n"
	if got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
	out.Schema = doc(t, `{"type":"array"}`)
	ds = Tool(tl, doc(t, `{"type":"object","properties":{}}`), nil, out, Options{})
	if len(ds) != 1 || ds[0].String() != `contract.go:3:6: tool out: output schema must be an object (MCP requires "type": "object"); use a struct as the output type` {
		t.Errorf("got %v", ds)
	}
}

func TestAllFindingsCollected(t *testing.T) {
	tl := tool("many", "", field("a", anyType, 5), field("b", stringType, 6), field("c", stringType, 7))
	adv := `{"type":"object","properties":{"a":{},"b":{"type":"string","format":"phone"},"c":{"type":"string","pattern":"(?i)x"}}}`
	got := run(t, tl, adv, map[string]model.Pos{"a": pos(5), "b": pos(6), "c": pos(7)}, Options{})
	want := strings.Join([]string{
		`contract.go:3:6: warning: tool many: tool has no description; add a doc comment to its input type, the model reads it to choose the tool`,
		`contract.go:5:2: many.a: free-form property (no type, enum, const, anyOf, oneOf, allOf, $ref or not): give the field a concrete type, or tag it stitch:"untyped" to allow any JSON value`,
		`contract.go:6:2: many.b: format "phone" is not portable (portable: date, time, date-time, duration, uri, uri-reference, uri-template, email, hostname, ipv4, ipv6, regex, uuid, json-pointer, relative-json-pointer); use one of those, or allow it with -allow-format=phone`,
		`contract.go:7:2: many.c: pattern "(?i)x" does not mean the same in RE2 (the decoder) and ECMA-262 (the clients): inline flags (?i) are not ECMA-262`,
	}, "\n")
	expect(t, got, want)
}

// TestHeaders: x-mcp-header is checked as the MCP SDKs check it when they
// register a tool: a header name, on a string, integer or boolean
// property, each name once ignoring case, nested properties included.
func TestHeaders(t *testing.T) {
	tl := tool("get_repo", "Gets a repository.", field("owner", stringType, 7), field("repo", stringType, 8),
		field("tags", stringType, 9), field("spaced", stringType, 10), field("count", stringType, 11), field("nested", stringType, 12))
	adv := `{"type":"object","properties":{` +
		`"owner":{"type":"string","x-mcp-header":"Owner"},` +
		`"repo":{"type":"string","x-mcp-header":"owner"},` +
		`"tags":{"type":"array","items":{"type":"string"},"x-mcp-header":"Tags"},` +
		`"spaced":{"type":"string","x-mcp-header":"Bad Name"},` +
		`"count":{"type":["integer","null"],"x-mcp-header":"Count"},` +
		`"nested":{"type":"object","properties":{"id":{"type":"integer","x-mcp-header":"Id"},"flag":{"type":"boolean","x-mcp-header":true}}}` +
		`},"additionalProperties":false}`
	positions := map[string]model.Pos{"owner": pos(7), "repo": pos(8), "tags": pos(9), "spaced": pos(10), "count": pos(11), "nested": pos(12), "nested.flag": pos(13)}
	expect(t, run(t, tl, adv, positions, Options{}), strings.Join([]string{
		`contract.go:8:2: get_repo.repo: x-mcp-header "owner" is also the header of get_repo.owner (header names are compared ignoring case); give each property its own`,
		`contract.go:9:2: get_repo.tags: x-mcp-header "Tags" is on a property of type "array"; a header mirrors one plain value: only a property of type "string", "integer" or "boolean" can carry it (the MCP SDKs refuse the tool otherwise)`,
		`contract.go:10:2: get_repo.spaced: x-mcp-header value must be an HTTP header name (letters, digits and !#$%&'*+-.^_` + "`" + `|~), got "Bad Name": clients send it as the header Mcp-Param-{name}`,
		`contract.go:11:2: get_repo.count: x-mcp-header "Count" is on a property of type ["integer","null"]; a header mirrors one plain value: only a property of type "string", "integer" or "boolean" can carry it (the MCP SDKs refuse the tool otherwise)`,
		`contract.go:13:2: get_repo.nested.flag: x-mcp-header value must be an HTTP header name (letters, digits and !#$%&'*+-.^_` + "`" + `|~), got true: clients send it as the header Mcp-Param-{name}`,
	}, "\n"))
}
