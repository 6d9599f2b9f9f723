// Package tolerant is a conformance contract for fuzzing the hidden
// behaviour of docs/decoding.md (trim, lower, upper, coerce, catch, Validate) and
// the strip and loose policies; accepted inputs need not validate against
// the lossless schema, but must round-trip. stitch_gen.go is generated
// from it.
package tolerant

import "errors"

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Register registers a handle.
//
//stitch:tool register
type Register struct {
	Handle   string   `json:"handle" jsonschema:"minLength=1,maxLength=20" stitch:"trim,lower"`
	Code     string   `json:"code" jsonschema:"pattern=^[A-Z]*$" stitch:"upper"`
	Seats    int      `json:"seats" jsonschema:"minimum=1" stitch:"coerce"`
	Ratio    *float64 `json:"ratio,omitempty" stitch:"coerce"`
	On       bool     `json:"on" stitch:"coerce"`
	Priority int      `json:"priority" jsonschema:"minimum=0,maximum=9,default=5" stitch:"catch"`
	Password string   `json:"password" jsonschema:"minLength=8"`
	Confirm  string   `json:"confirm"`
	Opts     Opts     `json:"opts"`
}

// Validate checks that the two passwords agree.
func (r Register) Validate() error {
	if r.Password != r.Confirm {
		return errors.New("password and confirm differ")
	}
	return nil
}

// Opts drops keys it does not know.
//
//stitch:strip
type Opts struct {
	Mode string `json:"mode,omitempty" jsonschema:"enum=fast,enum=slow" stitch:"trim"`
}

// Tag keeps unknown keys as integer labels.
//
//stitch:tool tag
type Tag struct {
	ID     string         `json:"id" stitch:"upper"`
	Labels map[string]int `json:"-" stitch:"catchall"`
}
