// Package p000 is one of the generated contract packages of the
// generation-speed benchmark.
package p000

// Tool0 is tool 0 of package p000.
//
//stitch:tool p000_tool0
type Tool0 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool1 is tool 1 of package p000.
//
//stitch:tool p000_tool1
type Tool1 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool2 is tool 2 of package p000.
//
//stitch:tool p000_tool2
type Tool2 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool3 is tool 3 of package p000.
//
//stitch:tool p000_tool3
type Tool3 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool4 is tool 4 of package p000.
//
//stitch:tool p000_tool4
type Tool4 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool5 is tool 5 of package p000.
//
//stitch:tool p000_tool5
type Tool5 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool6 is tool 6 of package p000.
//
//stitch:tool p000_tool6
type Tool6 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool7 is tool 7 of package p000.
//
//stitch:tool p000_tool7
type Tool7 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool8 is tool 8 of package p000.
//
//stitch:tool p000_tool8
type Tool8 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Tool9 is tool 9 of package p000.
//
//stitch:tool p000_tool9
type Tool9 struct {
	// Name of the thing.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// How many things.
	Count int `json:"count" jsonschema:"minimum=0,maximum=1000"`
	// Mode of operation.
	Mode string `json:"mode" jsonschema:"enum=fast,enum=safe"`
	// Note for people.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Labels to attach.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// When it may run.
	Window Window `json:"window"`
	// Where the result goes.
	Target Target `json:"target"`
}

// Window is a time range.
type Window struct {
	// Start, in seconds.
	From int64 `json:"from" jsonschema:"minimum=0"`
	// End, in seconds.
	To int64 `json:"to" jsonschema:"minimum=0"`
}

// Target is where a result goes.
//
//stitch:union kind
type Target interface{ isTarget() }

// File writes the result to a file.
//
//stitch:variant file
type File struct {
	// Path of the file.
	Path string `json:"path" jsonschema:"minLength=1"`
}

// Mail sends the result.
//
//stitch:variant mail
type Mail struct {
	// Recipients.
	To []string `json:"to" jsonschema:"minItems=1"`
	// Subject line.
	Subject string `json:"subject,omitempty"`
}

func (File) isTarget() {}
func (Mail) isTarget() {}
