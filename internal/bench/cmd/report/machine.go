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
