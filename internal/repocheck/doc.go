// Package repocheck holds repository-wide hygiene tests: the pure-core
// import rule and the module's tidiness. It has no code of its own.
package repocheck
