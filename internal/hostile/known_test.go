package hostile

import (
	"testing"

	"github.com/stitchgen/stitchgen/examples/shop/shop"
)

// TestDefaultSurvivesRoundTrip: SPEC §3 promises Marshal(Unmarshal(x))
// keeps every member except empty omitempty ones, and §4.11 fills an absent
// optional property with its default. Together they change a value on a
// round trip: cancel_order's reason is `omitempty` with a default, so an
// explicit "" is decoded as "", written as absent, and read back as the
// default. Found by FuzzShop's round-trip check.
func TestDefaultSurvivesRoundTrip(t *testing.T) {
	t.Skip(`known bug (SPEC §3/§4.11 interaction; owner: coordinator, gen/decode or gen/check): an omitempty field with a default loses an explicit zero value on re-encode — {"orderId":"o-1","reason":""} re-decodes with reason "customer request"`)
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
