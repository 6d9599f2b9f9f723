package c

import "time"

// Tags covers the jsonschema and stitch tag vocabulary.
//
//stitch:tool tagged title="A \"nice\" title"
type Tags struct {
	S string         `json:"s" jsonschema:"enum=a,enum=b\\,c,default=a,example=b,title=T,description=Over,format=hostname,pattern=^[a-z]+$,minLength=1,maxLength=9,const=a"`
	I *int8          `json:"i,omitempty" jsonschema:"minimum=-5,maximum=5,exclusiveMaximum=6,multipleOf=1,enum=1,enum=-2,default=1,example=4,nullable,deprecated=true"`
	F float32        `json:"f" jsonschema:"exclusiveMinimum=0.5,enum=1.5e3"`
	B bool           `json:"b" jsonschema:"const=true,default=true,nullable=false"`
	L []string       `json:"l" jsonschema:"minItems=1,maxItems=3,uniqueItems,minLength=1,enum=x,enum=y,default=x,default=y,format=hostname"`
	N [3]*uint16     `json:"n" jsonschema:"minimum=1,uniqueItems=true"`
	M map[string]int `json:"m,omitzero" jsonschema:"minProperties=1,maxProperties=2"`
	T time.Time      `json:"t" jsonschema:"default=2024-01-02T03:04:05Z"`
	A any            `json:"a" jsonschema:"example={\"k\":[1\\,2]}" stitch:"untyped"`
	// Doc wins over the line comment.
	D string         `json:"d"` // line comment
	E string         `json:"e"` // Line only.
	P *string        `json:"p" stitch:"trim,lower,catch"`
	Q *float64       `json:"q" stitch:"coerce"`
	U string         `json:"u" stitch:"upper"`
	X map[string]any `json:"-" stitch:"catchall"`
}
