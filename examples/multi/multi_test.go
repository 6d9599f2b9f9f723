// Package multi_test serves the tools of billing and shipping, which share
// the types of package common, with one dispatcher.
package multi_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stitchgen/stitchgen/examples/multi/billing"
	"github.com/stitchgen/stitchgen/examples/multi/shipping"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/stitch"
)

func TestGeneratedFilesAreFresh(t *testing.T) {
	got := testmod.CheckFresh(t, "../..", "./examples/multi/...")
	if len(got) != 2 || got[0] != "examples/multi/billing/stitch_gen.go" || got[1] != "examples/multi/shipping/stitch_gen.go" {
		t.Errorf("generated files %q", got)
	}
}

func TestOneDispatcher(t *testing.T) {
	d, err := stitch.NewDispatcher(stitch.Options{}, billing.StitchTools(&billing.Service{}), shipping.StitchTools(shipping.Service{}))
	if err != nil {
		t.Fatal(err)
	}
	const addr = `{"street":"Main 1","zip":"10115","country":"DE"}`
	for _, c := range []struct {
		tool, args, text string
		isError          bool
	}{
		{"quote_shipment", `{"from":` + addr + `,"to":{"street":"Rue 2","zip":"75001","country":"FR"},"grams":500}`,
			`{"price":{"cents":990,"currency":"EUR"}}`, false},
		{"create_invoice", `{"billTo":` + addr + `,"amount":{"cents":1200,"currency":"EUR"}}`,
			`{"number":"INV-1","amount":{"cents":1200,"currency":"EUR"}}`, false},
		{"create_invoice", `{"billTo":` + addr + `,"amount":{"cents":300,"currency":"EUR"}}`,
			`{"number":"INV-2","amount":{"cents":300,"currency":"EUR"}}`, false},
		{"create_invoice", `{"billTo":` + addr + `,"amount":{"cents":50,"currency":"EUR"}}`,
			`{"number":"INV-3","amount":{"cents":50,"currency":"EUR"}}`, false},
		// common.Page[Invoice], an instantiation of the shared generic struct.
		{"list_invoices", `{}`,
			`{"page":{"entries":[{"number":"INV-1","amount":{"cents":1200,"currency":"EUR"}},{"number":"INV-2","amount":{"cents":300,"currency":"EUR"}}],"next":"2"}}`, false},
		{"list_invoices", `{"cursor":"2"}`,
			`{"page":{"entries":[{"number":"INV-3","amount":{"cents":50,"currency":"EUR"}}]}}`, false},
		// The shared struct is strict in both packages.
		{"quote_shipment", `{"from":` + addr + `,"to":{"street":"Rue 2","zip":"75001","country":"FR","bogus":1},"grams":500}`,
			`[{"path":"/to/bogus","code":"unknown_key","expected":"street, zip, country","message":"unknown key \"bogus\"; allowed keys: street, zip, country"}]`, true},
		{"create_invoice", `{"billTo":{"street":"Main 1","zip":"1O115","country":"DE"},"amount":{"cents":-5,"currency":"EUR"}}`,
			`[{"path":"/billTo/zip","code":"pattern","expected":"^[0-9]{4,5}$","message":"\"1O115\" does not match the pattern ^[0-9]{4,5}$"},{"path":"/amount/cents","code":"range","expected":">= 0","message":"must be >= 0, got -5"}]`, true},
	} {
		r := d.Call(context.Background(), c.tool, []byte(c.args))
		got := r.Text()
		if c.isError { // the issues; the hint around them is the dispatcher's
			var doc struct{ Issues json.RawMessage }
			if err := json.Unmarshal([]byte(got), &doc); err != nil {
				t.Fatalf("%s: %v: %s", c.tool, err, got)
			}
			got = string(doc.Issues)
		}
		if got != c.text || r.IsError != c.isError {
			t.Errorf("%s %s:\n got %v %s\nwant %v %s", c.tool, c.args, r.IsError, got, c.isError, c.text)
		}
	}
}
