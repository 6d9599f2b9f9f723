// Package billing issues invoices; its addresses and amounts are the
// shared types of package common.
package billing

import "github.com/stitchgen/stitchgen/examples/multi/common"

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// CreateInvoice bills a customer.
//
//stitch:tool create_invoice output=Invoice
type CreateInvoice struct {
	BillTo common.Address `json:"billTo"`
	Amount common.Money   `json:"amount"`
}

// Invoice is an issued invoice.
type Invoice struct {
	Number string       `json:"number"`
	Amount common.Money `json:"amount"`
}

// ListInvoices lists the issued invoices, oldest first.
//
//stitch:tool list_invoices output=InvoiceList readOnly
type ListInvoices struct {
	// Cursor from the previous page's next; absent for the first page.
	Cursor string `json:"cursor,omitempty"`
}

// InvoiceList is one page of invoices.
type InvoiceList struct {
	Page common.Page[Invoice] `json:"page"`
}
