package e2e

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/examples/migrate/users"
	"github.com/stitchgen/stitchgen/stitch"
)

// The "before" of docs/migrating.md: the users service as written for the
// official MCP Go SDK's typed tools, its structs and tags in the go-sdk's
// dialect (the jsonschema tag is the description), registered with
// mcp.AddTool, which infers the schemas with google/jsonschema-go,
// validates the arguments against them and decodes with encoding/json.
// The structs are examples/migrate/users's without the directives: the
// conversions in beforeServer only compile while the fields are the same.
type (
	beforeCreateUser struct {
		Name  string   `json:"name" jsonschema:"the user's name, as they write it"`
		Age   int      `json:"age" jsonschema:"age in years"`
		Email string   `json:"email,omitempty" jsonschema:"where to write to"`
		Tags  []string `json:"tags,omitempty" jsonschema:"labels to file the user under"`
	}
	beforeUser struct {
		ID    string `json:"id" jsonschema:"the user's id"`
		Name  string `json:"name" jsonschema:"the user's name"`
		Age   int    `json:"age" jsonschema:"age in years"`
		Email string `json:"email,omitempty" jsonschema:"where to write to"`
	}
	beforeFindUsers struct {
		Query string `json:"query" jsonschema:"text the name contains"`
		Limit int    `json:"limit,omitempty" jsonschema:"how many users at most; all when 0"`
	}
)

// beforeServer is the go-sdk server before the move: the same handlers,
// registered as typed tools.
func beforeServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "users", Version: "v1.0.0"}, nil)
	svc := users.Service{}
	mcp.AddTool(s, &mcp.Tool{Name: "create_user", Description: "CreateUser registers a user."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in beforeCreateUser) (*mcp.CallToolResult, beforeUser, error) {
			u, err := svc.CreateUser(ctx, users.CreateUser(in))
			return nil, beforeUser(u), err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "find_users", Description: "FindUsers lists users whose name contains a text."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in beforeFindUsers) (*mcp.CallToolResult, any, error) {
			text, err := svc.FindUsers(ctx, users.FindUsers(in))
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, err
		})
	return s
}

// afterServer is the same service moved to stitchgen: the generated tool
// table of examples/migrate/users on the go-sdk adapter.
func afterServer(t *testing.T) *mcp.Server {
	d, err := stitch.NewDispatcher(stitch.Options{}, users.StitchTools(users.Service{}))
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "users", Version: "v1.0.0"}, nil)
	stitchgosdk.AddTools(s, d)
	return s
}

// TestMigrateSameDescriptions: the after server advertises every property
// with the description the go-sdk inferred from the same tag, and its
// tools/list is the generated manifest (the checked-in file is fresh).
func TestMigrateSameDescriptions(t *testing.T) {
	manifest := generate(t, "./examples/migrate/users")
	before, _ := connect(t, beforeServer())
	after, rec := connect(t, afterServer(t))
	descriptions := func(cs *mcp.ClientSession) map[string]string {
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, tool := range res.Tools {
			b, err := json.Marshal(tool.InputSchema)
			if err != nil {
				t.Fatal(err)
			}
			var s struct {
				Properties map[string]struct{ Description string }
			}
			if err := json.Unmarshal(b, &s); err != nil {
				t.Fatal(err)
			}
			for name, p := range s.Properties {
				out[tool.Name+"."+name] = p.Description
			}
		}
		return out
	}
	b, a := descriptions(before), descriptions(after)
	if len(b) != 6 || !reflect.DeepEqual(a, b) {
		t.Errorf("descriptions differ:\nbefore %v\nafter  %v", b, a)
	}
	if got := servedTools(t, rec.last(), manifest); string(got) != string(manifest) {
		t.Errorf("tools/list differs from the manifest:\nserved   %s\nmanifest %s", got, manifest)
	}
}

// TestMigrateWrongCalls sends the before and the after server the same
// calls through the go-sdk client. The before server rejects what its
// schema validation sees (its own text, no JSON Pointer per issue) and
// lets two through: a duplicate key (the handler gets the last value) and
// null for a non-nullable slice (jsonschema-go advertises every slice as
// nullable). The after server rejects each with the envelope.
func TestMigrateWrongCalls(t *testing.T) {
	const validating = `validating "arguments": validating root: `
	tests := []struct {
		name, args string
		before     string // the before server's text; isError unless it is a created user
		after      []issue
	}{
		{"unknown key", `{"name":"Ann","age":30,"nickname":"A"}`,
			validating + `unexpected additional properties ["nickname"]`,
			[]issue{{"/nickname", "unknown_key"}}},
		{"wrong-case key", `{"Name":"Ann","age":30}`,
			validating + `unexpected additional properties ["Name"]`,
			[]issue{{"/Name", "unknown_key"}, {"/name", "missing"}}},
		{"string for a number", `{"name":"Ann","age":"30"}`,
			validating + `validating /properties/age: type: 30 has type "string", want "integer"`,
			[]issue{{"/age", "type"}}},
		{"duplicate key", `{"name":"Ann","name":"Bob","age":30}`,
			`{"age":30,"id":"u-1","name":"Bob"}`,
			[]issue{{"/name", "duplicate_key"}}},
		{"null for a non-nullable number", `{"name":"Ann","age":null}`,
			validating + `validating /properties/age: type: <invalid reflect.Value> has type "null", want "integer"`,
			[]issue{{"/age", "null"}}},
		{"null for a non-nullable slice", `{"name":"Ann","age":30,"tags":null}`,
			`{"age":30,"id":"u-1","name":"Ann"}`,
			[]issue{{"/tags", "null"}}},
	}
	before, _ := connect(t, beforeServer())
	after, _ := connect(t, afterServer(t))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, before, "create_user", tc.args)
			accepted := tc.before[0] == '{'
			if text(res) != tc.before || res.IsError == accepted {
				t.Errorf("before: isError=%v %s\nwant isError=%v %s", res.IsError, text(res), !accepted, tc.before)
			}
			env := parseEnvelope(t, call(t, after, "create_user", tc.args))
			if env.Error != "VALIDATION_ERROR" || env.Hint != hintValidation || !reflect.DeepEqual(issuesOf(env), sorted(tc.after)) {
				t.Errorf("after: envelope %+v\nwant issues %v", env, tc.after)
			}
		})
	}
	// A right call gets the same answer from both.
	const right = `{"name":"Ann","age":30,"tags":["new"]}`
	b, a := call(t, before, "create_user", right), call(t, after, "create_user", right)
	if b.IsError || a.IsError || !reflect.DeepEqual(b.StructuredContent, a.StructuredContent) {
		t.Errorf("a right call: before isError=%v %v, after isError=%v %v", b.IsError, b.StructuredContent, a.IsError, a.StructuredContent)
	}
	b, a = call(t, before, "find_users", `{"query":"an"}`), call(t, after, "find_users", `{"query":"an"}`)
	if want := `no user matches "an" (limit 0)`; b.IsError || a.IsError || text(b) != want || text(a) != want {
		t.Errorf("find_users: before %q, after %q, want %q", text(b), text(a), want)
	}
}
