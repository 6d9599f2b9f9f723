package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
)

// compileSchema compiles a served schema under JSON Schema 2020-12 with
// format assertions on.
func compileSchema(t *testing.T, schema string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem:///schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem:///schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// validate checks that a structured result validates against the schema.
func validate(t *testing.T, s *jsonschema.Schema, name string, structured []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(structured)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("%s: structured content %s does not validate against the output schema: %v", name, structured, err)
	}
}

// TestOutputsValidateAgainstOutputSchema pins docs/generated-api.md's output direction:
// what the dispatcher returns as structured content validates against the
// advertised outputSchema (null gift message, multi-value method included).
func TestOutputsValidateAgainstOutputSchema(t *testing.T) {
	ctx := context.Background()
	receipt := compileSchema(t, shop.PlaceOrderOutputSchema)
	d := newDispatcher(t, shop.StitchTools(shop.NewService()), stitch.Options{})
	for i, args := range []string{
		order,
		`{"customerId":2,"items":[{"sku":"A","quantity":99,"giftWrap":true}],"giftMessage":"hi","delivery":{"method":"store","storeId":0}}`,
	} {
		r := d.Call(ctx, "place_order", []byte(args))
		if r.IsError || r.Structured == nil {
			t.Fatalf("call %d: %s", i, r.Text())
		}
		validate(t, receipt, "place_order", r.Structured)
	}
	if r := d.Call(ctx, "get_order", []byte(`{"orderId":"o-1"}`)); !r.IsError {
		validate(t, compileSchema(t, shop.GetOrderOutputSchema), "get_order", r.Structured)
	} else {
		t.Error(r.Text())
	}
	b := newDispatcher(t, broadcast.StitchTools(broadcast.NewService()), stitch.Options{})
	r := b.Call(ctx, "send_broadcast", []byte(`{"channel":"c","parts":[{"kind":"gallery","media":[{"url":"https://example.com/1"},{"url":"https://example.com/2"}]}]}`))
	if r.IsError {
		t.Fatal(r.Text())
	}
	validate(t, compileSchema(t, broadcast.SendBroadcastOutputSchema), "send_broadcast", r.Structured)
}

// TestInputSchemasCompile compiles every served input schema under 2020-12.
func TestInputSchemasCompile(t *testing.T) {
	for _, tool := range shop.StitchTools(nil) {
		compileSchema(t, tool.InputSchema)
	}
	for _, tool := range broadcast.StitchTools(nil) {
		compileSchema(t, tool.InputSchema)
	}
}
