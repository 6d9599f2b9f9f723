package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"

	"github.com/stitchgen/stitchgen/examples/shop/shop"
)

// BenchmarkDispatchPlaceOrder measures the SDK-free path: exact decode,
// observers, handler and output encoding of one place_order call, for
// orders of growing size (the cost must grow linearly with the items).
func BenchmarkDispatchPlaceOrder(b *testing.B) {
	for _, n := range []int{1, 10, 50} {
		items := strings.TrimSuffix(strings.Repeat(`{"sku":"A-1","quantity":2},`, n), ",")
		args := []byte(`{"customerId":1,"items":[` + items + `],"giftMessage":null,"delivery":{"method":"pickup","storeId":1}}`)
		d := newDispatcher(b, shop.StitchTools(shop.NewService()), stitch.Options{After: func(context.Context, *stitch.Call) {}})
		b.Run(strconv.Itoa(n)+"items", func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			b.ReportAllocs()
			for b.Loop() {
				if r := d.Call(context.Background(), "place_order", args); r.IsError {
					b.Fatal(r.Text())
				}
			}
		})
	}
}
