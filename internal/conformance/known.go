package conformance

import (
	"fmt"
	"strings"
)

// A KnownFailure names a test (relative to TestConformance, e.g.
// "decode_numbers" or "decode_numbers/vectors/line07") that is expected to
// fail for now, and why.
type KnownFailure struct {
	Name   string
	Reason string
}

// ParseKnownFailures reads known_failures.txt: one "name reason..." per
// line; blank lines and lines starting with # are ignored.
func ParseKnownFailures(data []byte) ([]KnownFailure, error) {
	var out []KnownFailure
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, " ")
		reason = strings.TrimSpace(reason)
		if reason == "" {
			return nil, fmt.Errorf("known_failures.txt:%d: %s: give the reason after the name", i+1, name)
		}
		out = append(out, KnownFailure{name, reason})
	}
	return out, nil
}

// Lookup returns the entry covering test name (the entry's name itself or
// a parent of it), if any.
func Lookup(known []KnownFailure, name string) (KnownFailure, bool) {
	for _, k := range known {
		if name == k.Name || strings.HasPrefix(name, k.Name+"/") {
			return k, true
		}
	}
	return KnownFailure{}, false
}
