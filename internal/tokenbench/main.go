// Command tokenbench prepares and times the token-counting benchmark that
// scripts/bench-tokens.sh compares with js-tiktoken.
//
//	tokenbench -dump DIR > tools.jsonl   one canonical tool definition per line
//	tokenbench -count tools.jsonl        time counting every line, print MB/s
//
// Both sides count the same lines one by one, which is how a scan counts
// tools, so the speeds compare like for like.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"github.com/assay-mcp/assay/collectkit/tokens"
	"github.com/assay-mcp/assay/report/canon"
)

func main() {
	dump := flag.String("dump", "", "surfaces `dir` whose tool definitions to print, one canonical JSON per line")
	count := flag.String("count", "", "`file` of lines to count")
	enc := flag.String("encoding", tokens.Default, "token encoding")
	rounds := flag.Int("rounds", 5, "timed rounds; the fastest is reported")
	flag.Parse()
	var err error
	switch {
	case *dump != "":
		err = dumpTools(*dump)
	case *count != "":
		err = timeCount(*count, *enc, *rounds)
	default:
		flag.Usage()
		os.Exit(64)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tokenbench:", err)
		os.Exit(1)
	}
}

func dumpTools(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	w := bufio.NewWriter(os.Stdout)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var s struct{ Tools []json.RawMessage }
		if err := json.Unmarshal(data, &s); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		for _, t := range s.Tools {
			c, err := canon.ToolJSON(t)
			if err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
			w.Write(c)
			w.WriteByte('\n')
		}
	}
	return w.Flush()
}

func timeCount(file, enc string, rounds int) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = string(l)
	}
	runtime.GOMAXPROCS(1)
	if _, err := tokens.Get(enc); err != nil { // parse the ranks outside the timing
		return err
	}
	best := time.Duration(1<<63 - 1)
	total := 0
	for r := 0; r < rounds; r++ {
		c, err := tokens.New(enc) // cold piece cache every round
		if err != nil {
			return err
		}
		start := time.Now()
		total = 0
		for _, t := range texts {
			total += c.Count(t)
		}
		if d := time.Since(start); d < best {
			best = d
		}
	}
	mb := float64(len(data)-len(lines)) / 1e6
	fmt.Printf("go   assay tokens (tiktoken-go BPE) %s: %d lines, %.2f MB, %d tokens, %.3f s, %.2f MB/s\n", enc, len(lines), mb, total, best.Seconds(), mb/best.Seconds())
	return nil
}
