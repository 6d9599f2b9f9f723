// Package stitchanthropic serves the tools of a stitch.Dispatcher to
// Anthropic's Messages API through github.com/anthropics/anthropic-sdk-go/v2.
package stitchanthropic
