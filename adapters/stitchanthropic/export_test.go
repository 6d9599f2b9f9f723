package stitchanthropic

// Count exposes count to the tests, which check it against the
// generator's profile package.
var Count = count
