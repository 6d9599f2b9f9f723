package load

import (
	"strings"
	"testing"
)

func TestGoDocText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"One line.\n", "One line."},
		{"Places an order for a\ncustomer who pays.\n", "Places an order for a customer who pays."},
		{"First paragraph\nwraps.\n\n\nSecond one\nwraps too.\n", "First paragraph wraps.\n\nSecond one wraps too."},
		{"Modes:\n  - fast: no checks\n  - safe: every check,\n    slower\n\nDone.\n",
			"Modes:\n  - fast: no checks\n  - safe: every check, slower\n\nDone."},
		{"Steps:\n 1. parse\n 2. check\n", "Steps:\n 1. parse\n 2. check"},
		{"Example:\n\n\tx := f()\n\tg(x)\n\nThen more.\n", "Example:\n\n\tx := f()\n\tg(x)\n\nThen more."},
		{"  Leading and trailing  \n\n", "Leading and trailing"},
		{"", ""},
	} {
		if got := goDocText(c.in); got != c.want {
			t.Errorf("goDocText(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// TestDescriptionsReadAsGoDoc loads a contract whose tool, property and
// type comments wrap over several lines.
func TestDescriptionsReadAsGoDoc(t *testing.T) {
	p := mustLoad(t, `package c

// Order places an order
// for a customer.
//
// It never charges twice.
//
//stitch:tool
type Order struct {
	// Customer that
	// pays.
	Customer int `+"`json:\"customer\"`"+`
	Ship Ship `+"`json:\"ship\"`"+` // how it
}

// Ship says how the
// order travels:
//   - by courier
//   - by post
type Ship struct {
	Fast bool `+"`json:\"fast\"`"+`
}
`)
	got := dump(p)
	for _, want := range []string{
		`desc="Order places an order for a customer.\n\nIt never charges twice."`,
		`customer (Customer) int required desc="Customer that pays."`,
		`type Ship struct doc="Ship says how the order travels:\n  - by courier\n  - by post"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("model lacks %s:\n%s", want, got)
		}
	}
}
