package billing

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/stitchgen/stitchgen/examples/multi/common"
)

// Service implements StitchHandler; it numbers invoices in order and
// keeps them in memory. It is safe for concurrent use.
type Service struct {
	mu       sync.Mutex
	invoices []Invoice
}

// pageSize is the number of invoices on a page of list_invoices.
const pageSize = 2

// CreateInvoice handles tool create_invoice.
func (s *Service) CreateInvoice(_ context.Context, in CreateInvoice) (Invoice, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv := Invoice{Number: fmt.Sprintf("INV-%d", len(s.invoices)+1), Amount: in.Amount}
	s.invoices = append(s.invoices, inv)
	return inv, nil
}

// ListInvoices handles tool list_invoices: the cursor is the index of the
// page's first invoice.
func (s *Service) ListInvoices(_ context.Context, in ListInvoices) (InvoiceList, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	from := 0
	if in.Cursor != "" {
		n, err := strconv.Atoi(in.Cursor)
		if err != nil || n < 0 || n > len(s.invoices) {
			return InvoiceList{}, fmt.Errorf("unknown cursor %q", in.Cursor)
		}
		from = n
	}
	to := min(from+pageSize, len(s.invoices))
	l := InvoiceList{Page: common.Page[Invoice]{Entries: slices.Clone(s.invoices[from:to])}}
	if to < len(s.invoices) {
		l.Page.Next = strconv.Itoa(to)
	}
	return l, nil
}
