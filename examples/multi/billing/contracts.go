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
