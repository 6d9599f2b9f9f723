// Command envecho stands in for stitchgen in testmod's own tests: it prints
// its arguments, working directory name and the go generate variables.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	wd, _ := os.Getwd()
	fmt.Printf("args=%s dir=%s GOFILE=%s GOPACKAGE=%s GOLINE=%s\n", strings.Join(os.Args[1:], ","), filepath.Base(wd),
		os.Getenv("GOFILE"), os.Getenv("GOPACKAGE"), os.Getenv("GOLINE"))
	fmt.Fprintln(os.Stderr, "to stderr")
	os.Exit(3)
}
