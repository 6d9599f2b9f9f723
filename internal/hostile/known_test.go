package hostile

import (
	"testing"

	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/kitchen"
)

// TestDefaultSurvivesRoundTrip: docs/generated-api.md promises Marshal(Unmarshal(x))
// keeps every member except empty omitempty ones, and §4.11 fills an absent
// optional property with its default. Together they change a value on a
// round trip: cancel_order's reason is `omitempty` with a default, so an
// explicit "" is decoded as "", written as absent, and read back as the
// default. Found by FuzzShop's round-trip check.
func TestDefaultSurvivesRoundTrip(t *testing.T) {
	var x shop.CancelOrder
	if _, _, err := x.DecodeToolCall([]byte(`{"orderId":"o-1","reason":""}`)); err != nil {
		t.Fatal(err)
	}
	b, err := x.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var y shop.CancelOrder
	if err := y.UnmarshalJSON(b); err != nil {
		t.Fatal(err)
	}
	if y.Reason != x.Reason {
		t.Errorf("reason %q re-encoded as %s and read back as %q", x.Reason, b, y.Reason)
	}
}

// TestLowercaseDateTime: RFC 3339 §5.6 allows "t" and "z" in lower case
// and the lossless schema's date-time format accepts them; the decoder of
// a time.Time field rejects them as "not an RFC 3339 date-time".
func TestLowercaseDateTime(t *testing.T) {
	in := []byte(`{"when":"2024-05-01t10:00:00z"}`)
	if err := losslessSchema(t, kitchen.FormatsLosslessSchema).Validate(mustInstance(t, in)); err != nil {
		t.Fatalf("schema: %v", err)
	}
	var x kitchen.Formats
	if _, _, err := x.DecodeToolCall(in); err != nil {
		t.Errorf("decoder: %v", err)
	}
}
