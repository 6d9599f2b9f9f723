package main

import (
	"bufio"
	"os"
	"runtime"
	"strings"
)

// machine describes where the run happened.
type machine struct {
	cpu       string
	cores     int
	goVersion string
	goos      string
}

// loadAverage returns the 1-minute load average ("unknown" off Linux), so
// the document says how busy the machine was.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "unknown"
}

func describeMachine() (machine, error) {
	m := machine{cores: runtime.NumCPU(), goos: runtime.GOOS + "/" + runtime.GOARCH, cpu: "unknown"}
	c := goCmd("", "version")
	if err := c.run(); err != nil {
		return m, err
	}
	m.goVersion = strings.TrimSpace(c.out.String())
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return m, nil // not Linux: the CPU stays unknown
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			m.cpu = strings.TrimSpace(v)
			break
		}
	}
	return m, sc.Err()
}
