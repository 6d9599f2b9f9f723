package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// A command is one child process; its output is kept for errors.
type command struct {
	*exec.Cmd
	out bytes.Buffer
}

func newCmd(dir, name string, args ...string) *command {
	c := &command{Cmd: exec.Command(name, args...)}
	c.Dir = dir
	c.Stdout, c.Stderr = &c.out, &c.out
	return c
}

func goCmd(dir string, args ...string) *command { return newCmd(dir, "go", args...) }

// run runs the command and returns an error holding its output on failure.
func (c *command) run() error {
	if err := c.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(c.Args, " "), err, c.out.String())
	}
	return nil
}

// A timing is the wall-clock and CPU (user + system, children included)
// time of one command.
type timing struct{ wall, cpu time.Duration }

// timed runs the command and returns its timing.
func (c *command) timed() (timing, error) {
	start := time.Now()
	err := c.run()
	t := timing{wall: time.Since(start)}
	if c.ProcessState != nil {
		t.cpu = c.ProcessState.UserTime() + c.ProcessState.SystemTime()
	}
	return t, err
}

func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}
