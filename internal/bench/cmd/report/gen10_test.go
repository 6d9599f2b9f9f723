package main

import "testing"

// TestGen10BaselineContract fails when the report no longer writes, for the
// 10-tool bench package, byte for byte the contract that baseline/gen10's
// frozen generated file was generated from: the compile comparison would
// then measure two different contracts.
func TestGen10BaselineContract(t *testing.T) {
	t.Chdir("../..") // internal/bench, where the report runs
	if _, err := gen10Contract(); err != nil {
		t.Fatal(err)
	}
}
