// Package load owns go/packages: it loads the contract packages once per run
// and turns their declarations into a model (package model), reporting every
// problem as a positioned diagnostic. It never runs user code and never
// writes files.
//
// It is the only package of stitchgen that imports go/packages and go/types.
// It may import model; it must not import flatten, the other gen stages or cmd.
package load
