package shipping

import (
	"context"

	"github.com/stitchgen/stitchgen/examples/multi/common"
)

// Service implements StitchHandler with a flat tariff.
type Service struct{}

// QuoteShipment handles tool quote_shipment: 4.90 EUR, 9.90 across a border.
func (Service) QuoteShipment(_ context.Context, in QuoteShipment) (Quote, error) {
	cents := int64(490)
	if in.From.Country != in.To.Country {
		cents = 990
	}
	return Quote{Price: common.Money{Cents: cents, Currency: "EUR"}}, nil
}
