package shop

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
)

// Service implements StitchHandler with an in-memory order book. It is safe
// for concurrent use.
type Service struct {
	mu     sync.Mutex
	next   int
	orders map[string]OrderReceipt
}

// NewService returns an empty shop.
func NewService() *Service { return &Service{orders: map[string]OrderReceipt{}} }

// unitCents is the price of every unit; gift wrap costs extra.
const (
	unitCents     = 1250
	giftWrapCents = 300
)

// PlaceOrder handles tool place_order.
func (s *Service) PlaceOrder(ctx context.Context, in PlaceOrder) (OrderReceipt, error) {
	r := OrderReceipt{CustomerID: in.CustomerID, Status: "placed", GiftMessage: in.GiftMessage}
	for _, it := range in.Items {
		r.Units += it.Quantity
		r.TotalCents += int64(it.Quantity) * unitCents
		if it.GiftWrap {
			r.TotalCents += giftWrapCents
		}
	}
	switch d := in.Delivery.(type) {
	case Courier:
		r.Method = "courier"
	case Pickup:
		r.Method = d.Method
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next++
	r.OrderID = "o-" + strconv.Itoa(s.next)
	s.orders[r.OrderID] = r
	return r, nil
}

// GetOrder handles tool get_order.
func (s *Service) GetOrder(ctx context.Context, in GetOrder) (OrderReceipt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.orders[in.OrderID]
	if !ok {
		return OrderReceipt{}, fmt.Errorf("no order %s; place_order returns the order id", in.OrderID)
	}
	return r, nil
}

// CancelOrder handles tool cancel_order.
func (s *Service) CancelOrder(ctx context.Context, in CancelOrder) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.orders[in.OrderID]
	switch {
	case !ok:
		return "", fmt.Errorf("no order %s", in.OrderID)
	case r.Status == "cancelled":
		return "", errors.New("order " + in.OrderID + " is already cancelled")
	}
	r.Status = "cancelled"
	s.orders[in.OrderID] = r
	return "cancelled " + in.OrderID + " (" + in.Reason + ")", nil
}
