package facts

// PortableFormats lists the "format" values that JSON Schema validators in
// every client language understand alike, in the order the docs give them
// (docs/contracts.md). The generator accepts no other format unless told
// to (check, -allow-format), and the decoder runtime checks each of them
// (stitchrt.FormatFunc; a test ties the two lists).
func PortableFormats() []string {
	return []string{"date", "time", "date-time", "duration", "uri", "uri-reference", "uri-template",
		"email", "hostname", "ipv4", "ipv6", "regex", "uuid", "json-pointer", "relative-json-pointer"}
}
