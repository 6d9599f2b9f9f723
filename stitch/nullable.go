package stitch

import (
	"bytes"
	"encoding/json"
)

// A Nullable is a property that can be absent, null or a value, and tells
// the three apart: the contract field for an argument whose null means
// something other than leaving it out ("type": null clears an issue's
// type, an absent "type" keeps it).
//
// A field of type Nullable[T] is optional whatever its json tag says (the
// zero Nullable is absent; writing omitzero is allowed and changes
// nothing) and is advertised as the nullable T. The generated decoder
// leaves it absent when the key is missing, sets it null for null and
// holds the value otherwise; the generated encoder writes back exactly
// that: no key, null, or the value. T is any contract type but a pointer
// or another Nullable; a Nullable is only ever a struct field's type (an
// item or a map value cannot be absent).
//
// Construct one with [Value] or [Null]; the zero value is absent.
type Nullable[T any] struct {
	value T
	state uint8 // 0 absent, nullableNull, nullableValue
}

const (
	nullableNull  = 1
	nullableValue = 2
)

// Value returns a Nullable that holds v.
func Value[T any](v T) Nullable[T] { return Nullable[T]{value: v, state: nullableValue} }

// Null returns a Nullable that is null.
func Null[T any]() Nullable[T] { return Nullable[T]{state: nullableNull} }

// IsSet reports whether the property was given: null or a value.
func (n Nullable[T]) IsSet() bool { return n.state != 0 }

// IsNull reports whether the property was given as null.
func (n Nullable[T]) IsNull() bool { return n.state == nullableNull }

// Get returns the value and true when the property holds one, else the
// zero T and false (absent or null).
func (n Nullable[T]) Get() (T, bool) { return n.value, n.state == nullableValue }

// IsZero reports whether the property is absent, so that encoding/json's
// omitzero leaves an absent Nullable out.
func (n Nullable[T]) IsZero() bool { return n.state == 0 }

// MarshalJSON writes null for a null (or absent) Nullable and the value
// with encoding/json otherwise. A contract struct's generated encoder does
// not call it: it leaves an absent Nullable's key out.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if n.state != nullableValue {
		return []byte("null"), nil
	}
	return json.Marshal(n.value)
}

// UnmarshalJSON reads null as null and anything else as a value, with
// encoding/json. A contract struct's generated decoder does not call it:
// it decodes the value exactly.
func (n *Nullable[T]) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		*n = Null[T]()
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*n = Value(v)
	return nil
}
