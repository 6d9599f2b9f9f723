package wire_test

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/stitch/wire"
)

// TestDefaultsAreDocumented: the table of defaults in docs/serving.md
// says what the constants are, every one of them.
func TestDefaultsAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/serving.md")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"MaxBodyBytes":      mib(wire.DefaultMaxBodyBytes),
		"MaxLineBytes":      mib(wire.DefaultMaxLineBytes),
		"MaxDepth":          strconv.Itoa(wire.DefaultMaxDepth),
		"MaxInFlight":       strconv.Itoa(wire.DefaultMaxInFlight),
		"MaxInFlightBytes":  mib(wire.DefaultMaxInFlightBytes),
		"MaxWait":           duration(wire.DefaultMaxWait),
		"ReadTimeout":       duration(wire.DefaultReadTimeout),
		"WriteTimeout":      duration(wire.DefaultWriteTimeout),
		"ReadHeaderTimeout": duration(wire.DefaultReadHeaderTimeout),
		"IdleTimeout":       duration(wire.DefaultIdleTimeout),
		"ShutdownTimeout":   duration(wire.DefaultShutdownTimeout),
		"SessionTimeout":    duration(wire.DefaultSessionTimeout),
		"MaxSessions":       thousands(wire.DefaultMaxSessions),
	}
	got := map[string]string{}
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		if _, ok := want[name]; ok {
			got[name] = strings.TrimSpace(cells[2])
		}
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("docs/serving.md gives %s as %q; the code says %q", name, got[name], w)
		}
	}
}

func mib(n int64) string { return strconv.FormatInt(n>>20, 10) + " MiB" }

func duration(d time.Duration) string {
	if d >= 10*time.Minute {
		return strconv.Itoa(int(d/time.Minute)) + " min"
	}
	return strconv.Itoa(int(d/time.Second)) + " s"
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
