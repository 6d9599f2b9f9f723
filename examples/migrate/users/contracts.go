// Package users is a service first written for the official MCP Go SDK's
// typed tools (mcp.AddTool, schemas inferred by google/jsonschema-go), moved
// to stitchgen as docs/migrating.md describes: the structs and their tags
// are unchanged, each input struct got //stitch:tool, and the directive
// below reads the jsonschema tags as the go-sdk does (the tag is the
// description). e2e/migrate_test.go serves the service both ways and sends
// both the same wrong calls.
//
//stitch:dialect gosdk
package users

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// CreateUser registers a user.
//
//stitch:tool create_user output=User
type CreateUser struct {
	Name  string   `json:"name" jsonschema:"the user's name, as they write it"`
	Age   int      `json:"age" jsonschema:"age in years"`
	Email string   `json:"email,omitempty" jsonschema:"where to write to"`
	Tags  []string `json:"tags,omitempty" jsonschema:"labels to file the user under"`
}

// User is a registered user.
type User struct {
	ID    string `json:"id" jsonschema:"the user's id"`
	Name  string `json:"name" jsonschema:"the user's name"`
	Age   int    `json:"age" jsonschema:"age in years"`
	Email string `json:"email,omitempty" jsonschema:"where to write to"`
}

// FindUsers lists users whose name contains a text.
//
//stitch:tool find_users
type FindUsers struct {
	Query string `json:"query" jsonschema:"text the name contains"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many users at most; all when 0"`
}
