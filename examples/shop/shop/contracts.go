// Package shop is the business-shaped example service of stitchgen: orders
// with nested items, optional and nullable fields, a delivery union with a
// multi-value variant, and a structured receipt. The contracts below are the
// whole tool definition; stitch_gen.go is generated from them.
package shop

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// PlaceOrder places an order for a customer and returns its receipt.
//
//stitch:tool place_order output=OrderReceipt title="Place an order" destructive=false openWorld=false
type PlaceOrder struct {
	// Customer that pays.
	CustomerID int64 `json:"customerId" jsonschema:"minimum=1"`
	// What to buy, one line per product.
	Items []Item `json:"items" jsonschema:"minItems=1,maxItems=50"`
	// Free text for the warehouse.
	Note *string `json:"note,omitempty" jsonschema:"maxLength=500"`
	// Message printed on a gift card; null for none.
	GiftMessage *string `json:"giftMessage" jsonschema:"nullable,maxLength=200"`
	// How the order reaches the customer.
	Delivery Delivery `json:"delivery"`
	// Coupon codes to apply.
	Coupons []string `json:"coupons,omitempty" jsonschema:"maxItems=3,minLength=4,maxLength=12,pattern=^[A-Z0-9]+$"`
}

// Item is one order line.
type Item struct {
	// Stock keeping unit.
	SKU string `json:"sku" jsonschema:"minLength=1,maxLength=32"`
	// How many units.
	Quantity int `json:"quantity" jsonschema:"minimum=1,maximum=99"`
	// Gift wrap this line.
	GiftWrap bool `json:"giftWrap,omitempty"`
}

// Delivery says how the order reaches the customer.
//
//stitch:union method
type Delivery interface{ isDelivery() }

// Courier brings the order to an address.
//
//stitch:variant courier
type Courier struct {
	// Street address.
	Address string `json:"address" jsonschema:"minLength=5"`
	// Preferred delivery window, if any.
	Window *string `json:"window,omitempty" jsonschema:"enum=morning,enum=afternoon,enum=evening"`
}

// Pickup leaves the order at a store or a locker.
//
//stitch:variant pickup store
type Pickup struct {
	// Which of the two values the caller sent.
	Method string `json:"method"`
	// Store or locker number.
	StoreID int `json:"storeId" jsonschema:"minimum=0"`
}

func (Courier) isDelivery() {}
func (Pickup) isDelivery()  {}

// OrderReceipt confirms a placed order.
type OrderReceipt struct {
	OrderID    string `json:"orderId"`
	CustomerID int64  `json:"customerId"`
	// Number of units over all lines.
	Units int `json:"units"`
	// Total price in cents.
	TotalCents int64 `json:"totalCents"`
	// The delivery method the caller chose (courier, pickup or store).
	Method string `json:"method"`
	// Status of the order.
	Status string `json:"status" jsonschema:"enum=placed,enum=cancelled"`
	// Gift message as it will be printed; null for none.
	GiftMessage *string `json:"giftMessage" jsonschema:"nullable"`
}

// GetOrder returns the receipt of an order placed earlier.
//
//stitch:tool get_order output=OrderReceipt readOnly openWorld=false
type GetOrder struct {
	// Order to look up, as returned by place_order.
	OrderID string `json:"orderId" jsonschema:"pattern=^o-[0-9]+$"`
}

// CancelOrder cancels an order that has not shipped yet.
//
//stitch:tool cancel_order destructive idempotent openWorld=false
type CancelOrder struct {
	OrderID string `json:"orderId" jsonschema:"pattern=^o-[0-9]+$"`
	// Why the customer cancels.
	Reason string `json:"reason,omitempty" jsonschema:"default=customer request,maxLength=200"`
}
