package tokens

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
	"testing"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/cost"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files")

const totalsGolden = "testdata/corpus_totals.golden"

// TestCorpusTotals counts every captured real server in both encodings and
// compares the table with the reviewed golden file (rewrite deliberately with -update).
func TestCorpusTotals(t *testing.T) {
	names, servers := corpusServers(t)
	render := func() []byte {
		var b bytes.Buffer
		w := tabwriter.NewWriter(&b, 0, 0, 1, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, "capture\ttools\ttoolsSum\ttoolsList\tinstructions\tprompts\tresources\ttemplates\tcl100k toolsSum\t")
		var sum [8]int
		for i, s := range servers {
			o, err := CountServer(s, O200K)
			if err != nil {
				t.Fatal(err)
			}
			c, err := CountServer(s, CL100K)
			if err != nil {
				t.Fatal(err)
			}
			row := [8]int{len(s.Tools), o.ToolsSum, o.ToolsList, o.Instructions, o.Prompts, o.Resources, o.Templates, c.ToolsSum}
			fmt.Fprintf(w, "%s\t", names[i])
			for k, v := range row {
				sum[k] += v
				fmt.Fprintf(w, "%d\t", v)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "TOTAL (%d captures)\t", len(servers))
		for _, v := range sum {
			fmt.Fprintf(w, "%d\t", v)
		}
		fmt.Fprintln(w)
		w.Flush()
		return b.Bytes()
	}
	got := render()
	if *update {
		if err := os.WriteFile(totalsGolden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(totalsGolden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("corpus totals differ from %s (-want +got):\n%s", totalsGolden, d)
	}
}

// TestCalibration re-measures the characters-per-token estimate of
// report/cost over the corpus and fails when the figures stated in
// cost.Calibrations are no longer the measured ones.
func TestCalibration(t *testing.T) {
	names, servers := corpusServers(t)
	for _, enc := range Encodings {
		c := mustCounter(t, enc)
		type tool struct{ exact, est, ascii, other int }
		var tools []tool
		perServer := map[string][2]int{}
		for i, s := range servers {
			for _, raw := range s.Tools {
				text := string(canon.CountText(raw, canon.ToolFields))
				tl := tool{exact: c.Count(text), est: cost.EstimateText(text, enc)}
				tl.other = utf8.RuneCountInString(text)
				for j := 0; j < len(text); j++ {
					if text[j] < utf8.RuneSelf {
						tl.ascii++
					}
				}
				tl.other -= tl.ascii
				tools = append(tools, tl)
				ps := perServer[names[i]]
				perServer[names[i]] = [2]int{ps[0] + tl.exact, ps[1] + tl.est}
			}
		}
		var chars, toks int
		var toolErr, serverErr []float64
		for _, tl := range tools {
			if tl.other == 0 {
				chars += tl.ascii
				toks += tl.exact
			}
			toolErr = append(toolErr, relErr(tl.est, tl.exact))
		}
		for _, ps := range perServer {
			if ps[0] > 0 {
				serverErr = append(serverErr, relErr(ps[1], ps[0]))
			}
		}
		sort.Float64s(toolErr)
		sort.Float64s(serverErr)
		got := cost.Calibration{
			ASCIIPerToken:   float64(chars) / float64(toks),
			ToolMedianErr:   quantile(toolErr, 0.5),
			ToolP90Err:      quantile(toolErr, 0.9),
			ServerMedianErr: quantile(serverErr, 0.5),
			ServerP90Err:    quantile(serverErr, 0.9),
			ServerMaxErr:    serverErr[len(serverErr)-1],
		}
		t.Logf("%s measured over %d tools, %d servers: %+v", enc, len(tools), len(serverErr), got)
		want := cost.Calibrations[enc]
		check := func(what string, g, w, tol float64) {
			if math.Abs(g-w) > tol {
				t.Errorf("%s %s: measured %.4f, cost.Calibrations states %.4f", enc, what, g, w)
			}
		}
		check("ASCIIPerToken", got.ASCIIPerToken, want.ASCIIPerToken, 0.00005)
		check("ToolMedianErr", got.ToolMedianErr, want.ToolMedianErr, 0.0005)
		check("ToolP90Err", got.ToolP90Err, want.ToolP90Err, 0.0005)
		check("ServerMedianErr", got.ServerMedianErr, want.ServerMedianErr, 0.0005)
		check("ServerP90Err", got.ServerP90Err, want.ServerP90Err, 0.0005)
		check("ServerMaxErr", got.ServerMaxErr, want.ServerMaxErr, 0.0005)
	}
}

func relErr(est, exact int) float64 { return math.Abs(float64(est-exact)) / float64(exact) }

// quantile is the p-quantile of sorted xs, nearest rank below.
func quantile(xs []float64, p float64) float64 {
	i := int(p * float64(len(xs)))
	if i >= len(xs) {
		i = len(xs) - 1
	}
	return xs[i]
}
