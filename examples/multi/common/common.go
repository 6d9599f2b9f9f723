// Package common holds the types that the billing and shipping tool
// packages share. It declares no tool: each tool package that uses a type
// of it gets that type's exact decoder in its own generated file.
package common

// Address is a postal address.
type Address struct {
	// Street and house number.
	Street string `json:"street" jsonschema:"minLength=1"`
	// Zip is the postal code.
	Zip string `json:"zip" jsonschema:"pattern=^[0-9]{4\\,5}$"`
	// Country is an ISO 3166-1 alpha-2 code.
	Country string `json:"country" jsonschema:"enum=DE,enum=FR,enum=NL"`
}

// Money is an amount in cents of one currency.
type Money struct {
	Cents    int64  `json:"cents" jsonschema:"minimum=0"`
	Currency string `json:"currency" jsonschema:"enum=EUR"`
}

// Page is one page of a listing of T.
type Page[T any] struct {
	// Entries on this page, at most 50.
	Entries []T `json:"entries" jsonschema:"maxItems=50"`
	// Next is the cursor of the next page; absent on the last.
	Next string `json:"next,omitempty"`
}
