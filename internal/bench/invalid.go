package bench

import (
	"fmt"
	"strings"
)

// An Invalid is a document that breaks one rule of exact decoding
// (docs/decoding.md), derived from a shape's valid document by one textual
// edit.
type Invalid struct {
	Shape string // the shape whose contract decodes it
	Name  string
	Doc   []byte
}

// edit replaces the only occurrence of old in doc; it panics when old is
// missing or ambiguous, so a changed input cannot silently stop testing.
func edit(doc []byte, old, new string) []byte {
	if n := strings.Count(string(doc), old); n != 1 {
		panic(fmt.Sprintf("edit: %q occurs %d times", old, n))
	}
	return []byte(strings.Replace(string(doc), old, new, 1))
}

// Invalids are the invalid documents the correctness tests and the report
// use: every one must be rejected by the generated decoder.
var Invalids = []Invalid{
	{"S", "unknown key", edit(DocS, `"inStock":true`, `"inStock":true,"sort":"price"`)},
	{"S", "duplicate key", edit(DocS, `"limit":25,`, `"limit":25,"limit":100,`)},
	{"S", "key differs in case", edit(DocS, `"limit":25,`, `"Limit":25,`)},
	{"S", "missing required", edit(DocS, `"limit":25,`, ``)},
	{"S", "fraction for an int", edit(DocS, `"limit":25,`, `"limit":2.5,`)},
	{"S", "above maximum", edit(DocS, `"limit":25,`, `"limit":1000,`)},
	{"S", "not in enum", edit(DocS, `"electronics"`, `"food"`)},
	{"S", "null for a non-nullable", edit(DocS, `"maxPriceCents":24999`, `"maxPriceCents":null`)},
	{"S", "string for a number", edit(DocS, `"maxPriceCents":24999`, `"maxPriceCents":"24999"`)},
	{"S", "too many items", edit(DocS, `"warranty"]`, `"warranty","a","b","c","d","e","f"]`)},
	{"S", "large int64 above maximum", edit(DocS, `"maxPriceCents":24999`, `"maxPriceCents":9007199254740993`)},
	{"U", "unknown discriminator", edit(DocU, `"kind":"email"`, `"kind":"fax"`)},
	{"U", "sibling variant's key", edit(DocU, `"kind":"email",`, `"kind":"email","phone":"+4917012345678",`)},
	{"U", "lone surrogate", edit(DocU, `\ud83d\udcc4`, `\ud83d`)},
	{"U", "nested missing required", edit(DocU, `,"address":"li.lei@example.cn"`, ``)},
	{"U", "nested duplicate key", edit(DocU, `"address":"zoe@example.org"`, `"address":"zoe@example.org","address":"x@example.org"`)},
	{"U", "trailing data", append(append([]byte{}, DocU...), `{}`...)},
	{"U-disc-last", "sibling variant's key", edit(DocULast, `"subject":`, `"retries":2,"subject":`)},
	{"U-disc-last", "unknown discriminator", edit(DocULast, `"kind":"email"`, `"kind":"Email"`)},
	{"L", "bad item 151", edit(DocL, `"phone":"+4917`+fmt.Sprintf("%07d", 151*7919)+`"`, `"phone":"4917"`)},
}
