package rt

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A StitchIssue is one problem found while decoding a value.
//
// Path is the RFC 6901 JSON Pointer of the offending value ("" for the
// whole document); for unknown_key, duplicate_key and missing it points at
// the key itself, for discriminator at the discriminator key. Code is one
// of the stable codes of SPEC §4.14. Expected names the expected type or
// the allowed values when that helps; Message says what is wrong.
type StitchIssue struct {
	Path     string `json:"path"`
	Code     string `json:"code"`
	Expected string `json:"expected,omitempty"`
	Message  string `json:"message"`
}

// A StitchError lists every problem a decode found. Its Error text has one
// line per issue: "<path>: <code>: <message>", the root written as (root).
type StitchError struct {
	Issues []StitchIssue `json:"issues"`
}

// Error lists every issue, one per line.
func (e *StitchError) Error() string {
	var b strings.Builder
	for i, is := range e.Issues {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(is.String())
	}
	return b.String()
}

// String renders the issue as "<path>: <code>: <message>".
func (is StitchIssue) String() string {
	p := is.Path
	if p == "" {
		p = "(root)"
	}
	return p + ": " + is.Code + ": " + is.Message
}

// stitchMaxIssues caps the issues one decode records; the rest are counted.
const stitchMaxIssues = 100

// stitchQuoteList renders values as a comma-separated list of quoted strings.
func stitchQuoteList(vs []string) string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(v))
	}
	return b.String()
}

// stitchClipLen is the longest piece of input an issue message repeats
// whole; a longer one is cut (an issue is for a model to read, and a 1 MiB
// number must not give a 1 MiB message).
const stitchClipLen = 64

// stitchClip returns input text for a message: whole when short, else its
// first 32 bytes (whole characters), "…" and its length in bytes.
func stitchClip[T stitchText](s T) string {
	if len(s) <= stitchClipLen {
		return string(s)
	}
	n := 32
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return string(s[:n]) + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// stitchQuoteClip quotes input text for a message, cut like stitchClip.
func stitchQuoteClip[T stitchText](s T) string {
	if len(s) <= stitchClipLen {
		return strconv.Quote(string(s))
	}
	c := stitchClip(s)
	i := strings.LastIndex(c, "…(")
	return strconv.Quote(c[:i]) + c[i:]
}
