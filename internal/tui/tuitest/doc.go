// Package tuitest holds the end-to-end tests of 'assay ui': the built
// binary run in a pseudo-terminal on stored bundles, corpus captures and
// the live demo server, with keys typed and the screen read back.
package tuitest
