package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
)

// A jsonObject keeps an object's members by key (order is irrelevant to
// equality).
type jsonObject map[string]any

// parseJSON reads exactly one JSON value: objects become jsonObject, arrays
// []any, numbers json.Number. A key written twice in an object is an error.
func parseJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parseJSONValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after the JSON value")
	}
	return v, nil
}

func parseJSONValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if d == '[' {
		arr := []any{}
		for dec.More() {
			e, err := parseJSONValue(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, e)
		}
		_, err := dec.Token()
		return arr, err
	}
	obj := jsonObject{}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k := kt.(string)
		if _, dup := obj[k]; dup {
			return nil, fmt.Errorf("key %q written twice in one object", k)
		}
		if obj[k], err = parseJSONValue(dec); err != nil {
			return nil, err
		}
	}
	_, err = dec.Token()
	return obj, err
}

// jsonEqual compares two documents: object key order ignored, array order
// kept, numbers by exact value (1 = 1.0 = 1e0).
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case jsonObject:
		b, ok := b.(jsonObject)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !jsonEqual(av, bv) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		return ok && numberEqual(a, b)
	default:
		return a == b
	}
}

func numberEqual(a, b json.Number) bool {
	if a == b {
		return true
	}
	x, okx := new(big.Rat).SetString(string(a))
	y, oky := new(big.Rat).SetString(string(b))
	return okx && oky && x.Cmp(y) == 0
}

// jsonEqualBytes parses both documents and compares them.
func jsonEqualBytes(a, b []byte) (bool, error) {
	x, err := parseJSON(a)
	if err != nil {
		return false, fmt.Errorf("%s: %v", a, err)
	}
	y, err := parseJSON(b)
	if err != nil {
		return false, fmt.Errorf("%s: %v", b, err)
	}
	return jsonEqual(x, y), nil
}
