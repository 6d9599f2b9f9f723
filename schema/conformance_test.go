package schema

import (
	"testing"

	"github.com/stitchgen/stitchgen/flatten"
	"github.com/stitchgen/stitchgen/model"
)

// The cases below rebuild, by hand, the models of the conformance cases in
// shared/conformance (the contract.go sections) and compare the documents
// with their schema.json entries, copied here. For tools without unions the
// advertised schema is the lossless one; for unions the lossless document
// is flattened with package flatten, using Doc.Discriminators.

func constraints(c model.Constraints) func(*model.Field) { return check(c) }

func enumOf(vs ...string) []string { return vs }

// A confCase is one tool of a conformance case: the hand-built model of
// its input type and the schema.json entry.
type confCase struct {
	file, tool string
	root       *model.Type
	want       string
	flatten    bool // the tool has unions: compare the flattened document
}

var conformance = []confCase{
	{"decode_numbers", "set_limits",
		named("SetLimits", fld("count", tInt), fld("level", tInt8), fld("big", tInt64), fld("ratio", tFloat64)), `{
    "type": "object",
    "properties": {
      "count": {"type": "integer"},
      "level": {"type": "integer", "minimum": -128, "maximum": 127},
      "big": {"type": "integer"},
      "ratio": {"type": "number"}
    },
    "required": ["count", "level", "big", "ratio"],
    "additionalProperties": false
  }`, false},
	{"types_containers", "schedule_window",
		named("ScheduleWindow", fld("start", tTime), fld("labels", mapOf(tString)), fld("backoff", array(3, tInt))), `{
    "type": "object",
    "properties": {
      "start": {"type": "string", "format": "date-time"},
      "labels": {"type": "object", "additionalProperties": {"type": "string"}},
      "backoff": {
        "type": "array",
        "items": {"type": "integer"},
        "minItems": 3,
        "maxItems": 3
      }
    },
    "required": ["start", "labels", "backoff"],
    "additionalProperties": false
  }`, false},
	{"types_containers", "upload_blob",
		named("UploadBlob", fld("name", tString), fld("data", tBytes)), `{
    "type": "object",
    "properties": {
      "name": {"type": "string"},
      "data": {"type": "string", "contentEncoding": "base64"}
    },
    "required": ["name", "data"],
    "additionalProperties": false
  }`, false},
	{"decode_null_missing", "update_profile",
		func() *model.Type {
			r := named("UpdateProfile",
				fld("userId", tString),
				fld("nickname", ptr(tString), optional),
				fld("website", ptr(tString), orNull),
				fld("age", ptr(tInt), optional, orNull, constraints(model.Constraints{Minimum: "0"})),
				fld("theme", ptr(tString), optional, orNull, constraints(model.Constraints{Enum: enumOf(`"light"`, `"dark"`)})),
				fld("tags", slice(tString)))
			r.Doc = "UpdateProfile updates a user profile."
			return r
		}(), `{
    "type": "object",
    "properties": {
      "userId": {"type": "string"},
      "nickname": {"type": "string"},
      "website": {"type": ["string", "null"]},
      "age": {"type": ["integer", "null"], "minimum": 0},
      "theme": {"type": ["string", "null"], "enum": ["light", "dark", null]},
      "tags": {"type": "array", "items": {"type": "string"}}
    },
    "required": ["userId", "website", "tags"],
    "additionalProperties": false
  }`, false},
	{"hidden_defaults", "list_orders",
		named("ListOrders",
			fld("query", tString),
			fld("status", tString, optional, constraints(model.Constraints{Enum: enumOf(`"open"`, `"closed"`)}), func(f *model.Field) { f.Default = `"open"` }),
			fld("limit", ptr(tInt), optional, constraints(model.Constraints{Minimum: "1", Maximum: "100"}), func(f *model.Field) { f.Default = "20" }),
			fld("desc", ptr(tBool), optional, func(f *model.Field) { f.Default = "false" }),
			fld("cursor", ptr(tString), optional)), `{
    "type": "object",
    "properties": {
      "query": {"type": "string"},
      "status": {"type": "string", "enum": ["open", "closed"], "default": "open"},
      "limit": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20},
      "desc": {"type": "boolean", "default": false},
      "cursor": {"type": "string"}
    },
    "required": ["query"],
    "additionalProperties": false
  }`, false},
	{"policy_strip_loose", "search_notes",
		withPolicy(named("SearchNotes", fld("query", tString),
			fld("limit", ptr(tInt), optional, constraints(model.Constraints{Minimum: "1", Maximum: "100"}))), model.Strip), `{
    "type": "object",
    "properties": {
      "query": {"type": "string"},
      "limit": {"type": "integer", "minimum": 1, "maximum": 100}
    },
    "required": ["query"]
  }`, false},
	{"policy_strip_loose", "tag_item",
		func() *model.Type {
			r := named("TagItem", fld("id", tString))
			r.Struct.Policy, r.Struct.Catchall = model.Loose, fld("Labels", mapOf(tInt))
			return r
		}(), `{
    "type": "object",
    "properties": {"id": {"type": "string"}},
    "required": ["id"],
    "additionalProperties": {"type": "integer"}
  }`, false},
	{"types_recursion", "create_tree",
		func() *model.Type {
			node := recursiveNode("contracts")
			r := named("CreateTree", fld("root", node), fld("template", ptr(node), orNull))
			r.Doc = "CreateTree stores a tree of named nodes."
			return r
		}(), `{
    "type": "object",
    "properties": {
      "root": {"$ref": "#/$defs/Node"},
      "template": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}
    },
    "required": ["root", "template"],
    "additionalProperties": false,
    "$defs": {
      "Node": {
        "type": "object",
        "properties": {
          "name": {"type": "string", "minLength": 1},
          "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}
        },
        "required": ["name"],
        "additionalProperties": false
      }
    }
  }`, false},
}

func TestConformanceSchemas(t *testing.T) {
	for _, c := range append(conformance, unionConformance()...) {
		t.Run(c.file+"/"+c.tool, func(t *testing.T) {
			doc := Input(&model.Tool{Name: c.tool, Description: c.root.Doc, Input: c.root})
			var got any = doc.Schema
			if c.flatten {
				got = flatten.Flatten(doc.Schema, flatten.Options{Declared: doc.Discriminators})
			}
			if want := model.MustParse(c.want); !model.Equal(got, want) {
				t.Errorf("schema\n got %s\nwant %s", model.MustMarshal(got), model.MustMarshal(want))
			}
			compile(t, doc.Schema)
		})
	}
}
