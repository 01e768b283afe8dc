package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// printFlags lists the flags as 'assay' writes them, with two dashes;
// the flag package accepts both spellings, so -quiet keeps working.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		switch f.DefValue {
		case "", "false", "0", "0s":
		default:
			if name == "string" || name == "FILE" || name == "SALT" || name == "KEYFILE" {
				line += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				line += " (default " + f.DefValue + ")"
			}
		}
		fmt.Fprintln(w, line)
	})
}
