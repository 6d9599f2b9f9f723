package stitchgenai

import (
	"bytes"
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stitchgen/stitchgen/facts"
)

// canonical is data as genai sends it: parsed into map[string]any (numbers
// as float64, the last of duplicate keys) and encoded again (keys sorted).
// Two documents with the same canonical form are the same request to genai.
func canonical(data []byte) (string, error) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return "", err
	}
	return canonicalValue(v)
}

// canonicalValue is the canonical form of a value genai holds.
func canonicalValue(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// sameJSON reports whether a and b are the same JSON value, numbers
// compared exactly (1 and 1.0 are equal, 9007199254740993 and
// 9007199254740992 are not), object keys in any order; when they differ,
// path is the JSON Pointer of the first difference (keys in sorted order).
// Both documents are expected without duplicate keys.
func sameJSON(a, b []byte) (path string, same bool) {
	va, err := decodeNumbers(a)
	if err != nil {
		return "", false
	}
	vb, err := decodeNumbers(b)
	if err != nil {
		return "", false
	}
	return diff("", va, vb)
}

func decodeNumbers(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

func diff(path string, a, b any) (string, bool) {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			return path, false
		}
		keys := make([]string, 0, len(a)+len(bm))
		for k := range a {
			keys = append(keys, k)
		}
		for k := range bm {
			if _, ok := a[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			av, ina := a[k]
			bv, inb := bm[k]
			p := path + "/" + facts.PointerToken(k)
			if ina != inb {
				return p, false
			}
			if p, ok := diff(p, av, bv); !ok {
				return p, false
			}
		}
		return "", true
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return path, false
		}
		for i := range a {
			if p, ok := diff(path+"/"+strconv.Itoa(i), a[i], bs[i]); !ok {
				return p, false
			}
		}
		return "", true
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok || !sameNumber(string(a), string(bn)) {
			return path, false
		}
		return "", true
	default: // string, bool, nil
		if a != b {
			return path, false
		}
		return "", true
	}
}

// sameNumber compares two JSON number literals exactly. Literals whose
// exponent is too large to expand cheaply are equal only as text.
func sameNumber(a, b string) bool {
	if a == b {
		return true
	}
	if hugeExponent(a) || hugeExponent(b) {
		return false
	}
	ra, ok1 := new(big.Rat).SetString(a)
	rb, ok2 := new(big.Rat).SetString(b)
	return ok1 && ok2 && ra.Cmp(rb) == 0
}

// hugeExponent reports a literal whose exponent exceeds 400 in magnitude
// (float64 holds none beyond 309; big.Rat would expand it in full).
func hugeExponent(lit string) bool {
	i := strings.IndexAny(lit, "eE")
	if i < 0 {
		return false
	}
	e, err := strconv.Atoi(strings.TrimPrefix(lit[i+1:], "+"))
	return err != nil || e > 400 || e < -400
}

// quotePointer writes a JSON Pointer for a message, the root as (root).
func quotePointer(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

// clean reports whether data is a document genai itself could have sent:
// valid UTF-8, no \u escape of a surrogate (a lone one is not a
// character; a pair genai writes as the character, the same string), no
// duplicate key. ExactBody sends only clean documents in their own bytes,
// so the only things it restores are number literals and key order.
func clean(data []byte) bool {
	if !utf8.Valid(data) || surrogateEscape(data) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	return uniqueKeys(dec)
}

// surrogateEscape reports a \uD800 to \uDFFF escape in a JSON text.
func surrogateEscape(data []byte) bool {
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		i++ // the escaped character: a backslash here is not an escape
		if i+4 < len(data) && data[i] == 'u' {
			v, err := strconv.ParseUint(string(data[i+1:i+5]), 16, 16)
			if err == nil && v >= 0xD800 && v <= 0xDFFF {
				return true
			}
		}
	}
	return false
}

// uniqueKeys reads one JSON value from dec and reports whether it is
// valid and no object in it repeats a key (compared after unescaping).
func uniqueKeys(dec *json.Decoder) bool {
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	switch tok {
	case json.Delim('{'):
		keys := map[string]bool{}
		for dec.More() {
			k, err := dec.Token()
			key, ok := k.(string)
			if err != nil || !ok || keys[key] {
				return false
			}
			keys[key] = true
			if !uniqueKeys(dec) {
				return false
			}
		}
		_, err = dec.Token()
		return err == nil
	case json.Delim('['):
		for dec.More() {
			if !uniqueKeys(dec) {
				return false
			}
		}
		_, err = dec.Token()
		return err == nil
	}
	return true
}
