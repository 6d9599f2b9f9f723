package hostile

import (
	"testing"

	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/anyjson"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/kitchen"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/limits"
	"github.com/stitchgen/stitchgen/internal/hostile/contracts/tolerant"
)

var shopTools = []fuzzTool{
	{name: "place_order", fresh: func() toolValue { return new(shop.PlaceOrder) }, lossless: shop.PlaceOrderLosslessSchema, closed: true, strictRoot: true},
	{name: "get_order", fresh: func() toolValue { return new(shop.GetOrder) }, lossless: shop.GetOrderLosslessSchema, closed: true, strictRoot: true},
	{name: "cancel_order", fresh: func() toolValue { return new(shop.CancelOrder) }, lossless: shop.CancelOrderLosslessSchema, closed: true, strictRoot: true},
}

var broadcastTools = []fuzzTool{
	{name: "send_broadcast", fresh: func() toolValue { return new(broadcast.SendBroadcast) }, lossless: broadcast.SendBroadcastLosslessSchema, closed: true, strictRoot: true},
	{name: "edit_broadcast", fresh: func() toolValue { return new(broadcast.EditBroadcast) }, lossless: broadcast.EditBroadcastLosslessSchema, closed: true, strictRoot: true},
}

var kitchenTools = []fuzzTool{
	{name: "scalars", fresh: func() toolValue { return new(kitchen.Scalars) }, lossless: kitchen.ScalarsLosslessSchema, closed: true, strictRoot: true},
	{name: "formats", fresh: func() toolValue { return new(kitchen.Formats) }, lossless: kitchen.FormatsLosslessSchema, closed: true, strictRoot: true},
	{name: "containers", fresh: func() toolValue { return new(kitchen.Containers) }, lossless: kitchen.ContainersLosslessSchema, strictRoot: true},
	{name: "shapes", fresh: func() toolValue { return new(kitchen.Shapes) }, lossless: kitchen.ShapesLosslessSchema, closed: true, strictRoot: true},
	{name: "tree", fresh: func() toolValue { return new(kitchen.Tree) }, lossless: kitchen.TreeLosslessSchema, closed: true, strictRoot: true},
}

var looseTools = []fuzzTool{
	{name: "wrap", fresh: func() toolValue { return new(anyjson.Wrap) }, lossless: anyjson.WrapLosslessSchema, strictRoot: true},
	{name: "raw_wrap", fresh: func() toolValue { return new(anyjson.RawWrap) }, lossless: anyjson.RawWrapLosslessSchema, strictRoot: true},
	{name: "bag", fresh: func() toolValue { return new(limits.Bag) }, lossless: limits.BagLosslessSchema},
	{name: "dict", fresh: func() toolValue { return new(limits.Dict) }, lossless: limits.DictLosslessSchema, strictRoot: true},
	{name: "numbers", fresh: func() toolValue { return new(limits.Numbers) }, lossless: limits.NumbersLosslessSchema, closed: true, strictRoot: true},
	{name: "scalars", fresh: func() toolValue { return new(limits.Scalars) }, lossless: limits.ScalarsLosslessSchema, strictRoot: true},
	{name: "nest", fresh: func() toolValue { return new(limits.Nest) }, lossless: limits.NestLosslessSchema, closed: true, strictRoot: true},
}

var tolerantTools = []fuzzTool{
	{name: "register", fresh: func() toolValue { return new(tolerant.Register) }, lossless: tolerant.RegisterLosslessSchema, tolerant: true, closed: true, strictRoot: true},
	{name: "tag", fresh: func() toolValue { return new(tolerant.Tag) }, lossless: tolerant.TagLosslessSchema, tolerant: true},
}

// FuzzShop fuzzes the tool-call decoders of the shop example.
func FuzzShop(f *testing.F) {
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) { fuzzTools(t, shopTools, tool, args) })
}

// FuzzBroadcast fuzzes the tool-call decoders of the broadcast example.
func FuzzBroadcast(f *testing.F) {
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) { fuzzTools(t, broadcastTools, tool, args) })
}

// FuzzKitchen fuzzes the decoders of the kitchen conformance contract.
func FuzzKitchen(f *testing.F) {
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) { fuzzTools(t, kitchenTools, tool, args) })
}

// FuzzLoose fuzzes the free-form, map and catchall decoders (contracts
// anyjson and limits).
func FuzzLoose(f *testing.F) {
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) { fuzzTools(t, looseTools, tool, args) })
}

// FuzzTolerant fuzzes the hidden behaviour (trim, lower, upper, coerce,
// catch, Validate) and the strip and loose policies.
func FuzzTolerant(f *testing.F) {
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) { fuzzTools(t, tolerantTools, tool, args) })
}
