package billing

import (
	"context"
	"fmt"
	"sync/atomic"
)

// Service implements StitchHandler; it numbers invoices in order.
type Service struct{ n atomic.Int64 }

// CreateInvoice handles tool create_invoice.
func (s *Service) CreateInvoice(_ context.Context, in CreateInvoice) (Invoice, error) {
	return Invoice{Number: fmt.Sprintf("INV-%d", s.n.Add(1)), Amount: in.Amount}, nil
}
