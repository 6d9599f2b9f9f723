package conformance

import (
	"slices"
	"strings"
)

// containsPointer reports whether text mentions the JSON Pointer p as a
// whole pointer: "/a" is found in "at /a: bad" but not in "/a/b", "/ab" or
// "/x/a". The root pointer "" is found as `""`.
func containsPointer(text, p string) bool {
	if p == "" {
		return strings.Contains(text, `""`)
	}
	for i := 0; ; {
		j := strings.Index(text[i:], p)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(p)
		if (start == 0 || isPointerBoundary(text[start-1])) && endsPointer(text[end:]) {
			return true
		}
		i = start + 1
	}
}

// endsPointer reports whether rest, the text after a match, ends the
// pointer there: end of text, a boundary byte, or a sentence's final period.
func endsPointer(rest string) bool {
	switch {
	case rest == "" || isPointerBoundary(rest[0]):
		return true
	case rest[0] == '.':
		return len(rest) == 1 || isPointerBoundary(rest[1])
	}
	return false
}

// isPointerBoundary reports whether c ends a pointer in an error text.
func isPointerBoundary(c byte) bool {
	return strings.IndexByte(" \t\r\n\"'`(),;:[]{}<>=", c) >= 0
}

// sameSet compares two string lists as sets.
func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y))
}
