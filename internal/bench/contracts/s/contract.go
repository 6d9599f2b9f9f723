// Package s is benchmark contract S: one flat tool call with bounds, an
// enum, optional members and a string array. stitch_gen.go is generated
// from it by stitchgen.
package s

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// SearchProducts searches the catalogue.
//
//stitch:tool search_products
type SearchProducts struct {
	// Words to search for.
	Query string `json:"query" jsonschema:"minLength=1,maxLength=200"`
	// Department to search in.
	Category string `json:"category" jsonschema:"enum=books,enum=music,enum=garden,enum=toys,enum=electronics"`
	// Highest price in cents.
	MaxPriceCents *int64 `json:"maxPriceCents,omitempty" jsonschema:"minimum=0,maximum=100000000"`
	// Results per page.
	Limit int `json:"limit" jsonschema:"minimum=1,maximum=100"`
	// Results to skip.
	Offset int `json:"offset,omitempty" jsonschema:"minimum=0,maximum=10000"`
	// Tags that every result must carry.
	Tags []string `json:"tags" jsonschema:"maxItems=10,minLength=1,maxLength=32"`
	// Only products that are in stock.
	InStock bool `json:"inStock,omitempty"`
}
