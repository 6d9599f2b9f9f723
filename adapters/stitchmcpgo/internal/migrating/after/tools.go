// Package after is the server of docs/migrating-mcpgo.md after the move:
// tool greet as a stitchgen contract, served on mcp-go by stitchmcpgo.
package after

import (
	"context"
	"strings"
)

// Greet says hello to someone.
//
//stitch:tool greet readOnly
type Greet struct {
	// Who to greet.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=40"`
	// How many exclamation marks to add.
	Excitement int `json:"excitement,omitempty" jsonschema:"minimum=0,maximum=3,default=1"`
}

// Service handles the tools of this package.
type Service struct{}

// Greet handles tool greet.
func (Service) Greet(ctx context.Context, in Greet) (string, error) {
	return "Hello, " + in.Name + strings.Repeat("!", in.Excitement), nil
}
