// Package shipping quotes shipments between the addresses of package
// common.
package shipping

import "github.com/stitchgen/stitchgen/examples/multi/common"

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// QuoteShipment prices a parcel from one address to another.
//
//stitch:tool quote_shipment output=Quote readOnly
type QuoteShipment struct {
	From common.Address `json:"from"`
	To   common.Address `json:"to"`
	// Weight in grams.
	Grams int `json:"grams" jsonschema:"minimum=1,maximum=30000"`
}

// Quote is the price of a shipment.
type Quote struct {
	Price common.Money `json:"price"`
}
