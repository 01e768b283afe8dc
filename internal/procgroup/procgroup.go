// Package procgroup starts a child program in a process group of its own
// and kills that whole group, so that a program Assay starts (an MCP
// server it collects, an agent it tests) cannot leave children running
// after it is stopped. Collection and the injection harness share it.
package procgroup
