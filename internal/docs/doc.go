// Package docs holds the tests that keep the user documentation (README.md
// and docs/*.md) true: its contracts generate, its schemas are what the
// generator advertises, its tables list what the code has. It has no
// non-test code.
package docs
