package main

import (
	"os"
	"path/filepath"
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
		` + "`" + `{"to":{"zip":"1"}}` + "`" + `:                  "/to/zip: pattern: \"1\" does not match the pattern ^[0-9]{5}$",
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

// TestDependencyModuleTypes: a struct of another module (a dependency,
// here replaced by a directory outside the module, as the module cache is)
// is decoded like a shared package's; a diagnostic in its file names the
// file by import path, not by a machine path.
func TestDependencyModuleTypes(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/app")
	dep := filepath.Join(t.TempDir(), "dep")
	write := func(dir, name, src string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(dep, "go.mod", "module example.com/dep\n\ngo 1.24\n")
	write(dep, "money/money.go", `package money

// Money is an amount in cents.
type Money struct {
	Cents int64 `+"`json:\"cents\"`"+`
}

// Tagged carries fields the app's decoder cannot set.
type Tagged struct {
	Label string `+"`json:\"label\"`"+`
	meta
}

type meta struct {
	Note string `+"`json:\"note\"`"+`
}
`)
	gomod, err := os.ReadFile(filepath.Join(m.Dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gomod = append(gomod, []byte("\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => "+filepath.ToSlash(dep)+"\n")...)
	write(m.Dir, "go.mod", string(gomod))
	write(m.Dir, "good/good.go", `package good

import "example.com/dep/money"

// Pay pays.
//
//stitch:tool
type Pay struct {
	Amount money.Money `+"`json:\"amount\"`"+`
}
`)
	write(m.Dir, "good/good_test.go", `package good

import "testing"

func TestPay(t *testing.T) {
	var v Pay
	_, _, err := v.DecodeToolCall([]byte(`+"`"+`{"amount":{"cents":5,"euros":1}}`+"`"+`))
	if want := "/amount/euros: unknown_key: unknown key \"euros\"; allowed keys: cents"; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}
`)
	write(m.Dir, "bad/bad.go", `package bad

import "example.com/dep/money"

// Label labels.
//
//stitch:tool
type Label struct {
	Tag money.Tagged `+"`json:\"tag\"`"+`
}
`)
	if r := m.Generate(t, "good"); r.Err != nil || r.ExitCode != 0 {
		t.Fatalf("stitchgen in good: exit %d, %v\n%s", r.ExitCode, r.Err, r.Stderr)
	}
	res, r := m.Test("./good")
	if p := res["example.com/app/good"]; r.Err != nil || p == nil || p.Action != "pass" {
		t.Fatalf("go test ./good: %v %v\n%s", p, r.Err, r.Stderr)
	}
	r = m.Generate(t, "bad")
	want := "example.com/dep/money/money.go:11:2: field Tagged.meta: the fields of money.Tagged are promoted through the unexported embedded field meta, which the decoder generated in package bad cannot set; export the embedded field or declare the fields in money.Tagged\n"
	if r.Err != nil || r.ExitCode != 1 || string(r.Stderr) != want {
		t.Errorf("stitchgen in bad: exit %d, %v, stderr:\n%s\nwant:\n%s", r.ExitCode, r.Err, r.Stderr, want)
	}
}
