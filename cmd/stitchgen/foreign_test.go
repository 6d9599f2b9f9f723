package main

import (
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/testmod"
)

// TestSharedTypesModule: a module as a new user writes it, a shared
// package common (no tools) whose Address a tool of package ship uses as
// the field To and whose generic Page it instantiates as Page[Item] (Item of
// package ship), generated as go generate runs stitchgen in ship's
// directory. The generated decoder is exact and strict inside the shared
// struct and the instantiation; the module's own test says so at
// /to/bogus, /to/zip and /items/entries/....
func TestSharedTypesModule(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/scratch")
	files := map[string]string{
		"common/address.go": `package common

// Address is a postal address.
type Address struct {
	// Zip is a five-digit postal code.
	Zip  string ` + "`json:\"zip\" jsonschema:\"pattern=^[0-9]{5}$\"`" + `
	City string ` + "`json:\"city,omitempty\"`" + `
}

// Page is one page of T.
type Page[T any] struct {
	Entries []T ` + "`json:\"entries\" jsonschema:\"maxItems=2\"`" + `
}
`,
		"ship/ship.go": `package ship

import "example.com/scratch/common"

//go:generate go tool stitchgen

// Ship sends a parcel.
//
//stitch:tool
type Ship struct {
	To    common.Address    ` + "`json:\"to\"`" + `
	Items common.Page[Item] ` + "`json:\"items,omitempty\"`" + `
}

// Item is one parcel.
type Item struct {
	Grams int ` + "`json:\"grams\"`" + `
}
`,
		"ship/ship_test.go": `package ship

import "testing"

func TestCalls(t *testing.T) {
	for in, want := range map[string]string{
		` + "`" + `{"to":{"zip":"10115","bogus":1}}` + "`" + `: "/to/bogus: unknown_key: unknown key \"bogus\"; allowed keys: zip, city",
		` + "`" + `{"to":{"zip":"1"}}` + "`" + `:                  "/to/zip: pattern: does not match the pattern ^[0-9]{5}$",
		` + "`" + `{"to":{"zip":"10115","city":"Berlin"}}` + "`" + `: "",
		` + "`" + `{"to":{"zip":"10115"},"items":{"entries":[{"grams":1},{"grams":"2"},{"kg":3}]}}` + "`" + `: "/items/entries/1/grams: type: expected integer, got string\n/items/entries/2/kg: unknown_key: unknown key \"kg\"; allowed keys: grams\n/items/entries/2/grams: missing: missing required key \"grams\"\n/items/entries: length: item count 3 is above the maximum 2",
	} {
		var v Ship
		_, _, err := v.DecodeToolCall([]byte(in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("%s: got %q, want %q", in, got, want)
		}
	}
	var v Ship
	if _, _, err := v.DecodeToolCall([]byte(` + "`" + `{"to":{"zip":"10115","city":"Berlin"}}` + "`" + `)); err != nil || v.To.City != "Berlin" {
		t.Errorf("decoded %+v, %v", v, err)
	}
}
`,
	}
	for name, src := range files {
		if err := m.WriteFile(name, []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	if r := m.Generate(t, "ship"); r.Err != nil || r.ExitCode != 0 {
		t.Fatalf("stitchgen in ship: exit %d, %v\n%s", r.ExitCode, r.Err, r.Stderr)
	}
	res, r := m.Test("./...")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	p := res["example.com/scratch/ship"]
	if p == nil || p.Action != "pass" {
		t.Fatalf("go test ./ship: %v\n%s", p, r.Stderr)
	}
	// The schema the tool advertises describes the shared struct with its
	// own doc comments.
	out := m.Stitchgen(t, ".", "manifest", "./ship")
	if want := `"to":{"type":"object","properties":{"zip":{"type":"string","pattern":"^[0-9]{5}$","description":"Zip is a five-digit postal code."},"city":{"type":"string"}},"required":["zip"],"additionalProperties":false,"description":"Address is a postal address."}`; !strings.Contains(string(out.Stdout), want) {
		t.Errorf("manifest lacks %s:\n%s", want, out.Stdout)
	}
}
