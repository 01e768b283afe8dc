package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/model"
)

// printPlan is --dry-run: every config file that would be read, every
// server that would be started or contacted (program, redacted
// arguments, variable and header names) and every field the bundle may
// hold. It starts nothing and writes nothing.
func printPlan(w io.Writer, s *collectkit.Sources, targets []collectkit.Target, out string, anon, signed bool) {
	fmt.Fprintln(w, "assay-collect dry run: nothing is started and nothing is written.")
	fmt.Fprintln(w)
	if len(s.ConfigOnly) > 0 || s.Plan != "" || len(s.Servers) == 0 {
		fmt.Fprintln(w, "Files it reads (MCP configs, agent settings, instruction files and skills):")
		if s.Plan == "" {
			fmt.Fprintln(w, "  (no MCP client config found)")
		}
		for _, l := range strings.Split(strings.TrimRight(s.Plan, "\n"), "\n") {
			if l != "" {
				fmt.Fprintln(w, "  "+l)
			}
		}
		fmt.Fprintln(w)
	}
	all := append(append([]collectkit.Target(nil), s.Servers...), s.Configured...)
	switch {
	case len(all) == 0:
		fmt.Fprintln(w, "Servers: none to start or contact.")
	case len(targets) == len(all):
		fmt.Fprintln(w, "Servers it starts or contacts (local ones only after you agree, unless --yes):")
	default:
		fmt.Fprintln(w, "Servers it would start or contact with --connect (not in this mode):")
	}
	for _, l := range collectkit.PlanLines(all) {
		if len(s.Home) > 1 {
			l = strings.ReplaceAll(l, s.Home, "~")
		}
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "It writes %s holding only these fields (JSON paths; [] is any list item,\n", out)
	fmt.Fprintln(w, "/** a definition kept exactly as the server serves it to the model):")
	for _, l := range strings.Split(strings.TrimSpace(model.BundleAllowlist), "\n") {
		fmt.Fprintln(w, "  "+l)
	}
	if anon {
		fmt.Fprintln(w, "\n--anonymize: server names, hosts, program and implementation names, project")
		fmt.Fprintln(w, "labels and the machine label are replaced by salted HMAC-SHA256 labels.")
	}
	if signed {
		fmt.Fprintln(w, "\n--sign: the bundle carries an Ed25519 signature (signature.* fields).")
	}
}
