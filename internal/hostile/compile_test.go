package hostile

// compileCases are small contracts, found by TestOddContractsNeverPanic,
// whose generated code must compile (or which must be rejected with a
// positioned diagnostic). TestOddContractsNeverPanic adds each as package
// c<N> of its module. A case with a known bug names it in skip.
var compileCases = []struct {
	name, src, skip string
}{
	{"no_properties", "package p\n\n//stitch:tool\ntype T struct {\n\tF []byte `json:\"-\"`\n}\n", ""},
	{"empty_struct", "package p\n\n//stitch:tool\ntype T struct{}\n", ""},
	{"shadowed_imports", "package p\n\ntype strconv struct{}\ntype json struct{}\n\n//stitch:tool\ntype T struct {\n\tA strconv `json:\"a\"`\n\tB int `json:\"b\"`\n}\n",
		""},
	{"user_stitch_names", "package p\n\ntype StitchError struct{}\n\n//stitch:tool\ntype T struct {\n\tB int `json:\"b\"`\n}\n",
		""},
	{"catchall_only", "package p\n\n//stitch:tool\ntype T struct {\n\tExtra map[string]int `json:\"-\" stitch:\"catchall\"`\n}\n", ""},
	{"empty_variants", "package p\n\n//stitch:tool\ntype T struct {\n\tU U `json:\"u\"`\n}\n\n//stitch:union kind\ntype U interface{ isU() }\n\n//stitch:variant a\ntype A struct{}\n\n//stitch:variant b\ntype B struct{ x int }\n\nfunc (A) isU() {}\nfunc (B) isU() {}\n", ""},
	{"output_unexported", "package p\n\n//stitch:tool output=O\ntype T struct {\n\tB int `json:\"b\"`\n}\n\ntype O struct{ x int }\n", ""},
	{"untagged_empty_struct", "package p\n\n//stitch:tool\ntype T struct {\n\tV V `json:\"v\"`\n}\n\n//stitch:union\ntype V interface{ isV() }\n\ntype S string\ntype E struct{}\n\nfunc (S) isV() {}\nfunc (E) isV() {}\n", ""},
	{"malformed_tag", "package p\n\n//stitch:tool\ntype T struct {\n\tA int `json:\"a`\n\tB int `json:\"b\"`\n}\n",
		""},
	{"user_methods", "package p\n\n//stitch:tool\ntype T struct {\n\tB int `json:\"b\"`\n}\n\nfunc (t *T) UnmarshalJSON([]byte) error { return nil }\n", ""},
}
