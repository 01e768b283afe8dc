package proxy_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/internal/testenv"
)

// TestProxyBench measures what the proxy adds: round-trip latency of
// 10,000 messages (p50, p99) through the proxy against the same server
// directly, and throughput of forwarded JSON in each direction. Run by
// 'make bench' (ASSAY_BENCH=1); writes $BENCH_OUT/proxy.md.
//
// The two sessions run side by side and take turns in blocks of 500
// messages, so load from other work on the machine falls on both alike.
// Every 100th request is a tools/list answered with the tools of the real
// server-memory capture, so inspection assembles and compares listings
// while latency is measured.
func TestProxyBench(t *testing.T) {
	if os.Getenv("ASSAY_BENCH") == "" {
		testenv.Skip(t, "bench-only", "set ASSAY_BENCH=1 (make bench) to measure the proxy")
	}
	posixOnly(t)
	tools := filepath.Join(testcorpus.Surfaces(), "modelcontextprotocol__server-memory@2026.8.31.json")
	env := []string{"ECHO_SIZE=512", "ECHO_TOOLS=" + tools}
	direct := startRaw(t, []string{self(t), "echo-server"}, env, nil)
	proxied := startRaw(t, proxyArgs(t, nil, self(t), "echo-server"), env, nil)
	const total, block, warm = 10000, 500, 500
	request := func(i int) string {
		if i%100 == 99 {
			return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, i)
		}
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"resources/list","params":{"cursor":"page-%d"}}`, i, i)
	}
	d := testenv.D(10 * time.Second)
	rtt := func(c *rawClient, i int) time.Duration {
		start := time.Now()
		c.send(request(i))
		c.readLine(d)
		return time.Since(start)
	}
	for i := range warm {
		rtt(direct, i)
		rtt(proxied, i)
	}
	var a, b []time.Duration
	cpu0 := procCPU(proxied.cmd.Process.Pid)
	for i := 0; i < total; i += block {
		for j := i; j < i+block; j++ {
			a = append(a, rtt(direct, j))
		}
		for j := i; j < i+block; j++ {
			b = append(b, rtt(proxied, j))
		}
	}
	cpuLatency := procCPU(proxied.cmd.Process.Pid) - cpu0
	const mb = 1 << 20
	dS2C := s2c(t, direct, 128*mb)
	cpu1 := procCPU(proxied.cmd.Process.Pid)
	pS2C := s2c(t, proxied, 128*mb)
	cpuS2C := procCPU(proxied.cmd.Process.Pid) - cpu1
	dC2S := c2s(t, direct, 128*mb)
	cpu2 := procCPU(proxied.cmd.Process.Pid)
	pC2S := c2s(t, proxied, 128*mb)
	cpuC2S := procCPU(proxied.cmd.Process.Pid) - cpu2
	direct.exit()
	proxied.exit()

	pa, pb := percentiles(a), percentiles(b)
	load, _ := os.ReadFile("/proc/loadavg")
	var r strings.Builder
	fmt.Fprintf(&r, "Proxy overhead (load %s): %d round trips per side, taking turns in blocks of %d; 1%% are tools/list of the real server-memory surface (%d warm-up round trips first).\n\n",
		strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "), total, block, warm)
	fmt.Fprintln(&r, "| measurement | direct | through assay proxy | added by the proxy | target | |")
	fmt.Fprintln(&r, "|---|---:|---:|---:|---|---|")
	row := func(what string, x, y time.Duration, target time.Duration) {
		added := y - x
		verdict := ""
		if target > 0 {
			verdict = "met"
			if added > target {
				verdict = "**missed**"
			}
		}
		tgt := ""
		if target > 0 {
			tgt = "≤ " + ms(target) + " added"
		}
		fmt.Fprintf(&r, "| %s | %s | %s | %s | %s | %s |\n", what, ms(x), ms(y), ms(added), tgt, verdict)
	}
	row("round trip p50", pa[50], pb[50], 0)
	row("round trip p90", pa[90], pb[90], 0)
	row("round trip p99", pa[99], pb[99], time.Millisecond)
	row("round trip max", pa[100], pb[100], 0)
	tp := func(what string, x, y, cpu float64) {
		v := "met"
		if y < 50 {
			v = "**missed**"
		}
		fmt.Fprintf(&r, "| %s | %.0f MB/s | %.0f MB/s (proxy CPU %.2f s per 100 MB) | %.0f%% of direct | ≥ 50 MB/s | %s |\n", what, x, y, cpu/1.28, 100*y/x, v)
	}
	tp("throughput server → client (4 KB JSON lines, 128 MB)", dS2C, pS2C, cpuS2C)
	tp("throughput client → server (4 KB JSON lines, 128 MB)", dC2S, pC2S, cpuC2S)
	if cpuLatency >= 0 {
		fmt.Fprintf(&r, "\nProxy process CPU (user+system) over the %d proxied round trips: %.2f s (%.0f µs per message, inspection and comparisons included).\n", total, cpuLatency, cpuLatency/float64(total)*1e6)
	}
	fmt.Fprintf(&r, "\nProxy notes on stderr: %s\n", strings.ReplaceAll(strings.TrimSpace(proxied.stderr.String()), "\n", " / "))
	t.Log("\n" + r.String())
	if out := os.Getenv("BENCH_OUT"); out != "" {
		if err := os.WriteFile(filepath.Join(out, "proxy.md"), []byte(r.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// percentiles returns p0..p100 of ds.
func percentiles(ds []time.Duration) [101]time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	var out [101]time.Duration
	for p := 0; p <= 100; p++ {
		i := (len(s) - 1) * p / 100
		out[p] = s[i]
	}
	return out
}

func ms(d time.Duration) string {
	if d < 0 {
		return fmt.Sprintf("−%.3f ms", float64(-d)/1e6)
	}
	return fmt.Sprintf("%.3f ms", float64(d)/1e6)
}

// s2c asks the server for bytes of 4 KB result lines and reads them all;
// MB/s.
func s2c(t *testing.T, c *rawClient, bytes int) float64 {
	const size = 4096
	n := bytes / size
	start := time.Now()
	c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":"f","method":"flood","params":{"n":%d,"size":%d}}`, n, size))
	d := testenv.D(60 * time.Second)
	for range n {
		c.readLine(d)
	}
	return float64(n*size) / (1 << 20) / time.Since(start).Seconds()
}

// c2s writes bytes of 4 KB notification lines to the server, then one
// request, and waits for its answer; MB/s.
func c2s(t *testing.T, c *rawClient, bytes int) float64 {
	const size = 4096
	n := bytes / size
	line := `{"jsonrpc":"2.0","method":"notifications/progress","params":{"pad":"` + strings.Repeat("z", size-70) + `"}}` + "\n"
	line = line[:len(line)-1]
	payload := strings.Repeat(line+"\n", 256)
	start := time.Now()
	for i := 0; i < n; i += 256 {
		if _, err := c.in.Write([]byte(payload)); err != nil {
			t.Fatal(err)
		}
	}
	c.send(`{"jsonrpc":"2.0","id":"sync","method":"ping"}`)
	c.readLine(testenv.D(60 * time.Second))
	return float64(n*len(line)) / (1 << 20) / time.Since(start).Seconds()
}

// procCPU is the user+system CPU seconds of a process so far (Linux
// /proc, clock ticks of 1/100 s); -1 where unavailable.
func procCPU(pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return -1
	}
	var u, k float64
	fmt.Sscan(f[11], &u)
	fmt.Sscan(f[12], &k)
	return (u + k) / 100
}
