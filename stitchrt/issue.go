package stitchrt

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxIssues caps the issues one decode records; the rest are counted.
const maxIssues = 100

// clipLen is the longest piece of input an issue message repeats
// whole; a longer one is cut (an issue is for a model to read, and a 1 MiB
// number must not give a 1 MiB message).
const clipLen = 64

// clip returns input text for a message: whole when short, else its
// first 32 bytes (whole characters), "…" and its length in bytes.
func clip[T bytesOrString](s T) string {
	if len(s) <= clipLen {
		return string(s)
	}
	n := 32
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return string(s[:n]) + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// quoteClip quotes input text for a message, cut like clip.
func quoteClip[T bytesOrString](s T) string {
	if len(s) <= clipLen {
		return strconv.Quote(string(s))
	}
	c := clip(s)
	i := strings.LastIndex(c, "…(")
	return strconv.Quote(c[:i]) + c[i:]
}
