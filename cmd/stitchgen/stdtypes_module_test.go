package main

import (
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/testmod"
)

// TestStandardTypesModule: a module as a new user writes it, one tool
// package per type that a team's code already has (json.Number,
// time.Duration, stitch.Nullable[string], an x- extension keyword), each
// generated as go generate runs stitchgen in its directory. Each package's
// own test decodes real calls and compares the full error text or the
// value; the manifest shows what each advertises.
func TestStandardTypesModule(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/scratch")
	files := map[string]string{
		"pay/pay.go": `package pay

import "encoding/json"

//go:generate go tool stitchgen

// Pay pays an amount.
//
//stitch:tool
type Pay struct {
	// Amount in euros, as written.
	Amount json.Number ` + "`json:\"amount\"`" + `
}
`,
		"pay/pay_test.go": `package pay

import (
	"encoding/json"
	"testing"
)

func TestPay(t *testing.T) {
	var v Pay
	_, _, err := v.DecodeToolCall([]byte(` + "`" + `{"amount":"abc"}` + "`" + `))
	if want := "/amount: type: expected number, got string"; err == nil || err.Error() != want {
		t.Errorf("\"abc\": err = %v, want %s", err, want)
	}
	if _, _, err := v.DecodeToolCall([]byte(` + "`" + `{"amount":1.50}` + "`" + `)); err != nil || v.Amount != "1.50" {
		t.Errorf("1.50: decoded %q, %v", v.Amount, err)
	}
	if out, err := json.Marshal(v); err != nil || string(out) != ` + "`" + `{"amount":1.50}` + "`" + ` {
		t.Errorf("marshal: %s, %v", out, err)
	}
}
`,
		"jobs/jobs.go": `package jobs

import "time"

//go:generate go tool stitchgen

// Schedule runs a job later.
//
//stitch:tool
type Schedule struct {
	// How long to wait.
	Delay time.Duration ` + "`json:\"delay\"`" + `
}
`,
		"jobs/jobs_test.go": `package jobs

import (
	"encoding/json"
	"testing"
	"time"
)

func TestSchedule(t *testing.T) {
	var v Schedule
	if _, _, err := v.DecodeToolCall([]byte(` + "`" + `{"delay":"PT1H30M"}` + "`" + `)); err != nil || v.Delay != 90*time.Minute {
		t.Errorf("PT1H30M: decoded %v, %v", v.Delay, err)
	}
	if out, err := json.Marshal(v); err != nil || string(out) != ` + "`" + `{"delay":"PT1H30M"}` + "`" + ` {
		t.Errorf("marshal: %s, %v", out, err)
	}
	_, _, err := v.DecodeToolCall([]byte(` + "`" + `{"delay":30}` + "`" + `))
	if want := "/delay: type: expected string, got number"; err == nil || err.Error() != want {
		t.Errorf("30: err = %v, want %s", err, want)
	}
}
`,
		"patch/patch.go": `package patch

import "github.com/stitchgen/stitchgen/stitch"

//go:generate go tool stitchgen

// Update changes an issue; a null title clears it.
//
//stitch:tool
type Update struct {
	ID    int                     ` + "`json:\"id\"`" + `
	Title stitch.Nullable[string] ` + "`json:\"title,omitzero\"`" + `
}
`,
		"patch/patch_test.go": `package patch

import (
	"encoding/json"
	"testing"
)

func TestUpdate(t *testing.T) {
	for _, c := range []struct{ in, state string }{
		{` + "`" + `{"id":1}` + "`" + `, "absent"},
		{` + "`" + `{"id":1,"title":null}` + "`" + `, "null"},
		{` + "`" + `{"id":1,"title":"New"}` + "`" + `, "New"},
	} {
		var v Update
		if _, _, err := v.DecodeToolCall([]byte(c.in)); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		state := "absent"
		if s, ok := v.Title.Get(); ok {
			state = s
		} else if v.Title.IsNull() {
			state = "null"
		}
		if state != c.state || v.Title.IsSet() != (c.state != "absent") {
			t.Errorf("%s: %s (set %v), want %s", c.in, state, v.Title.IsSet(), c.state)
		}
		if out, err := json.Marshal(v); err != nil || string(out) != c.in {
			t.Errorf("%s: marshal %s, %v", c.in, out, err)
		}
	}
}
`,
		"repos/repos.go": `package repos

//go:generate go tool stitchgen

// Star stars a repository.
//
//stitch:tool
type Star struct {
	// The repository's owner.
	Owner string ` + "`json:\"owner\" jsonschema_extras:\"x-mcp-header=Owner\"`" + `
	Repo  string ` + "`json:\"repo\"`" + `
}
`,
	}
	for name, src := range files {
		if err := m.WriteFile(name, []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{"pay", "jobs", "patch", "repos"} {
		if r := m.Generate(t, dir); r.Err != nil || r.ExitCode != 0 {
			t.Fatalf("stitchgen in %s: exit %d, %v\n%s", dir, r.ExitCode, r.Err, r.Stderr)
		}
	}
	res, r := m.Test("./...")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	for _, p := range []string{"pay", "jobs", "patch"} {
		if pr := res["example.com/scratch/"+p]; pr == nil || pr.Action != "pass" {
			t.Errorf("go test ./%s: %v\n%s", p, pr, r.Stderr)
		}
	}
	wants := map[string]string{
		"pay":   `"amount":{"type":"number","description":"Amount in euros, as written."}`,
		"jobs":  `"delay":{"type":"string","format":"duration","description":"How long to wait."}`,
		"patch": `"title":{"type":["string","null"]}`,
		"repos": `"owner":{"type":"string","description":"The repository's owner.","x-mcp-header":"Owner"}`,
	}
	for _, dir := range []string{"pay", "jobs", "patch", "repos"} {
		out := m.Stitchgen(t, ".", "manifest", "./"+dir)
		if !strings.Contains(string(out.Stdout), wants[dir]) {
			t.Errorf("manifest of ./%s lacks %s:\n%s", dir, wants[dir], out.Stdout)
		}
	}
	// Under the patch tool, title is optional: absent from required.
	out := m.Stitchgen(t, ".", "manifest", "./patch")
	if want := `"required":["id"]`; !strings.Contains(string(out.Stdout), want) {
		t.Errorf("manifest of ./patch lacks %s:\n%s", want, out.Stdout)
	}
}
