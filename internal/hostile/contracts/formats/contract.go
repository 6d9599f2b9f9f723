// Package formats is a hostile-input contract: one tool per portable
// format (docs/contracts.md), each with a single required string property "v" of
// that format, so that every case of the JSON Schema Test Suite's format
// files can be decoded by a generated decoder as {"v": <data>}.
// stitch_gen.go is generated from it.
package formats

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Date takes one date.
//
//stitch:tool date
type Date struct {
	// A date.
	V string `json:"v" jsonschema:"format=date"`
}

// Time takes one time.
//
//stitch:tool time
type Time struct {
	// A time.
	V string `json:"v" jsonschema:"format=time"`
}

// DateTime takes one date-time.
//
//stitch:tool date_time
type DateTime struct {
	// A date-time.
	V string `json:"v" jsonschema:"format=date-time"`
}

// Duration takes one duration.
//
//stitch:tool duration
type Duration struct {
	// A duration.
	V string `json:"v" jsonschema:"format=duration"`
}

// URI takes one uri.
//
//stitch:tool uri
type URI struct {
	// A uri.
	V string `json:"v" jsonschema:"format=uri"`
}

// URIReference takes one uri-reference.
//
//stitch:tool uri_reference
type URIReference struct {
	// A uri-reference.
	V string `json:"v" jsonschema:"format=uri-reference"`
}

// URITemplate takes one uri-template.
//
//stitch:tool uri_template
type URITemplate struct {
	// A uri-template.
	V string `json:"v" jsonschema:"format=uri-template"`
}

// Email takes one email.
//
//stitch:tool email
type Email struct {
	// A email.
	V string `json:"v" jsonschema:"format=email"`
}

// Hostname takes one hostname.
//
//stitch:tool hostname
type Hostname struct {
	// A hostname.
	V string `json:"v" jsonschema:"format=hostname"`
}

// IPv4 takes one ipv4.
//
//stitch:tool ipv4
type IPv4 struct {
	// A ipv4.
	V string `json:"v" jsonschema:"format=ipv4"`
}

// IPv6 takes one ipv6.
//
//stitch:tool ipv6
type IPv6 struct {
	// A ipv6.
	V string `json:"v" jsonschema:"format=ipv6"`
}

// Regex takes one regex.
//
//stitch:tool regex
type Regex struct {
	// A regex.
	V string `json:"v" jsonschema:"format=regex"`
}

// UUID takes one uuid.
//
//stitch:tool uuid
type UUID struct {
	// A uuid.
	V string `json:"v" jsonschema:"format=uuid"`
}

// JSONPointer takes one json-pointer.
//
//stitch:tool json_pointer
type JSONPointer struct {
	// A json-pointer.
	V string `json:"v" jsonschema:"format=json-pointer"`
}

// RelativeJSONPointer takes one relative-json-pointer.
//
//stitch:tool relative_json_pointer
type RelativeJSONPointer struct {
	// A relative-json-pointer.
	V string `json:"v" jsonschema:"format=relative-json-pointer"`
}
