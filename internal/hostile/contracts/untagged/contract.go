// Package untagged is a contract of untagged unions for the tests and
// benchmarks of their decoders: object variants told apart only by their
// keys, scalar and array variants, a union nested in a variant, a nullable
// union. stitch_gen.go is generated from it.
package untagged

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Review posts review comments.
//
//stitch:tool review
type Review struct {
	Comments []Comment `json:"comments"`
	Pinned   Comment   `json:"pinned,omitempty" jsonschema:"nullable"`
}

// Comment is a comment on a position, on a line or on a range, a plain
// note, or labels.
//
//stitch:union
type Comment interface{ isComment() }

// PositionComment sits at a line of a file.
type PositionComment struct {
	Path string `json:"path" jsonschema:"minLength=1"`
	Line int    `json:"line" jsonschema:"minimum=1"`
	Side string `json:"side,omitempty" jsonschema:"enum=left,enum=right"`
	Body string `json:"body"`
}

// LineComment sits at a line of the change.
type LineComment struct {
	Line int    `json:"line" jsonschema:"minimum=1"`
	Text string `json:"text"`
}

// RangeComment sits at an anchor: a line or a span.
type RangeComment struct {
	Anchor Anchor `json:"anchor"`
	Text   string `json:"text"`
}

// Note is a plain note.
type Note string

// Labels tag the change.
type Labels []string

func (PositionComment) isComment() {}
func (LineComment) isComment()     {}
func (RangeComment) isComment()    {}
func (Note) isComment()            {}
func (Labels) isComment()          {}

// Anchor is a line number or a span of lines.
//
//stitch:union
type Anchor interface{ isAnchor() }

// LineNo is a line number.
type LineNo int

// Span is a range of lines.
type Span struct {
	Start int `json:"start" jsonschema:"minimum=1"`
	End   int `json:"end" jsonschema:"minimum=1"`
}

func (LineNo) isAnchor() {}
func (Span) isAnchor()   {}

// Eval evaluates an expression.
//
//stitch:tool eval
type Eval struct {
	Expr Expr `json:"expr"`
}

// Expr is a number, a list of expressions or a call: a recursive untagged
// union.
//
//stitch:union
type Expr interface{ isExpr() }

// Num is a number.
type Num float64

// List is a list of expressions.
type List []Expr

// Call applies a function to arguments.
type Call struct {
	Fn   string `json:"fn"`
	Args []Expr `json:"args"`
}

func (Num) isExpr()  {}
func (List) isExpr() {}
func (Call) isExpr() {}
