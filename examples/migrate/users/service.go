package users

import (
	"context"
	"encoding/json"
	"fmt"
)

// Service answers the tools. Its methods are the handlers of the go-sdk
// version unchanged in substance: they take the decoded input and return
// the result, and each says in its answer what it received, so a test can
// see what reached it.
type Service struct{}

// CreateUser registers in as user u-1.
func (Service) CreateUser(_ context.Context, in CreateUser) (User, error) {
	return User{ID: "u-1", Name: in.Name, Age: in.Age, Email: in.Email}, nil
}

// FindUsers answers with the query it received.
func (Service) FindUsers(_ context.Context, in FindUsers) (string, error) {
	q, err := json.Marshal(in.Query)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("no user matches %s (limit %d)", q, in.Limit), nil
}
