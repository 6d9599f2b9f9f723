package facts

import "strings"

// PointerToken escapes one reference token of a JSON Pointer (RFC 6901):
// "~" as "~0", "/" as "~1". The decoder runtime writes the same escape
// byte by byte into the pointers of its issues (stitchrt; its tests
// compare it with this one).
func PointerToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// UnescapePointerToken reverses PointerToken: "~1" as "/", then "~0" as
// "~".
func UnescapePointerToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}
