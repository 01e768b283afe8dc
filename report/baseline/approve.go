package baseline

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// ErrNothingToApprove means the selected tool or server has not changed.
var ErrNothingToApprove = errors.New("nothing to approve")

// Check compares the current scan against the baseline, applies the
// baseline's exceptions as of today (YYYY-MM-DD) and returns the finished
// drift result with its exit code. inputs are the stored files the scan
// read, checked against the signers the baseline records (SignerFindings).
func Check(bl *Baseline, name string, current *model.Bundle, today string, opts *drift.Options, inputs ...Observed) (*drift.Result, error) {
	res, err := drift.Diff(bl.Side(name), &drift.Side{Name: "scan", Bundle: current}, opts)
	if err != nil {
		return nil, err
	}
	addSignerFindings(res, bl, inputs)
	ApplyExceptions(res.Findings, bl.Exceptions, today)
	res.Findings.Hashes = hashes.FindingsHashes(res.Findings)
	res.Exit = drift.Bits(res.Findings.Findings)
	return res, nil
}

// Approve accepts the change of one tool ("server/tool" or a tool name
// unique across servers) or, when sel names a server, of the whole server:
// the baseline's record is replaced by the current scan's (added when new,
// dropped when gone) and the approval is recorded. cur is the current
// bundle and f its analysis. at is the date to record.
func Approve(bl *Baseline, cur *model.Bundle, f *model.Findings, sel, by, note, at string) (*Approval, error) {
	if by == "" || note == "" {
		return nil, errors.New("an approval needs --by and --note")
	}
	serverSel, toolSel, hasSlash := strings.Cut(sel, "/")
	if !hasSlash {
		serverSel, toolSel = "", sel
	}
	bi, ci, tool, err := resolve(bl, f, serverSel, toolSel)
	if err != nil {
		return nil, err
	}
	var ap *Approval
	if tool == "" {
		ap, err = approveServer(bl, cur, f, bi, ci)
	} else {
		ap, err = approveTool(bl, cur, f, bi, ci, tool)
	}
	if err != nil {
		return nil, err
	}
	ap.By, ap.Note, ap.At = by, note, at
	bl.Approvals = append(bl.Approvals, *ap)
	return ap, bl.Seal()
}

func serverMatch(r *model.ServerReport, sel string) bool {
	return sel == r.Identity || sel == r.Name
}

// resolve finds the baseline server index bi and current server index ci
// (-1 when absent) and the tool name ("" for a whole server).
func resolve(bl *Baseline, f *model.Findings, serverSel, toolSel string) (bi, ci int, tool string, err error) {
	type hit struct{ bi, ci int }
	var hits []hit
	pair := func(name, identity string) (int, int) {
		b, c := -1, -1
		for i := range bl.Servers {
			if bl.Servers[i].Identity == identity || (b < 0 && bl.Servers[i].Name == name) {
				b = i
			}
		}
		for i := range f.Servers {
			if f.Servers[i].Identity == identity || (c < 0 && f.Servers[i].Name == name) {
				c = i
			}
		}
		return b, c
	}
	seen := map[string]bool{}
	consider := func(r *model.ServerReport) {
		if seen[r.Name] {
			return
		}
		if serverSel != "" && !serverMatch(r, serverSel) {
			return
		}
		for _, t := range r.Tools {
			if t.Name == toolSel {
				seen[r.Name] = true
				b, c := pair(r.Name, r.Identity)
				hits = append(hits, hit{b, c})
				return
			}
		}
	}
	for i := range bl.Servers {
		consider(&bl.Servers[i])
	}
	for i := range f.Servers {
		consider(&f.Servers[i])
	}
	switch {
	case len(hits) == 1:
		return hits[0].bi, hits[0].ci, toolSel, nil
	case len(hits) > 1:
		return 0, 0, "", fmt.Errorf("tool %q is offered by %d servers; write SERVER/TOOL", toolSel, len(hits))
	case serverSel != "":
		return 0, 0, "", fmt.Errorf("no tool %q on server %q in the baseline or the scan", toolSel, serverSel)
	}
	// Not a tool: a whole server.
	for i := range bl.Servers {
		if serverMatch(&bl.Servers[i], toolSel) {
			b, c := pair(bl.Servers[i].Name, bl.Servers[i].Identity)
			return b, c, "", nil
		}
	}
	for i := range f.Servers {
		if serverMatch(&f.Servers[i], toolSel) {
			return -1, i, "", nil
		}
	}
	return 0, 0, "", fmt.Errorf("%q names no tool or server in the baseline or the scan", toolSel)
}

func approveServer(bl *Baseline, cur *model.Bundle, f *model.Findings, bi, ci int) (*Approval, error) {
	ap := &Approval{}
	switch {
	case bi >= 0 && ci >= 0:
		ap.Server, ap.From, ap.To = bl.Servers[bi].Identity, bl.Servers[bi].Hashes[hashes.Surface], f.Servers[ci].Hashes[hashes.Surface]
		if ap.From == ap.To {
			return nil, fmt.Errorf("%w: server %s is unchanged", ErrNothingToApprove, bl.Servers[bi].Name)
		}
		id := bl.Servers[bi].Identity
		bl.Servers[bi] = f.Servers[ci]
		setSurfaceServer(bl, id, &cur.Servers[ci])
		replaceFindings(bl, id, "", f, f.Servers[ci].Identity)
	case ci >= 0:
		ap.Server, ap.To = f.Servers[ci].Identity, f.Servers[ci].Hashes[hashes.Surface]
		bl.Servers = append(bl.Servers, f.Servers[ci])
		setSurfaceServer(bl, "", &cur.Servers[ci])
		replaceFindings(bl, ap.Server, "", f, ap.Server)
	default:
		id := bl.Servers[bi].Identity
		ap.Server, ap.From = id, bl.Servers[bi].Hashes[hashes.Surface]
		bl.Servers = append(bl.Servers[:bi], bl.Servers[bi+1:]...)
		setSurfaceServer(bl, id, nil)
		replaceFindings(bl, id, "", nil, "")
	}
	return ap, nil
}

func approveTool(bl *Baseline, cur *model.Bundle, f *model.Findings, bi, ci int, tool string) (*Approval, error) {
	if bi < 0 {
		return nil, fmt.Errorf("server of tool %q is not in the baseline; approve the server as a whole", tool)
	}
	bs := &bl.Servers[bi]
	ap := &Approval{Server: bs.Identity, Tool: tool}
	bj := toolIndex(bs.Tools, tool)
	var ct *model.ToolReport
	var craw json.RawMessage
	if ci >= 0 {
		if cj := toolIndex(f.Servers[ci].Tools, tool); cj >= 0 {
			ct = &f.Servers[ci].Tools[cj]
			if cj < len(cur.Servers[ci].Tools) {
				craw = cur.Servers[ci].Tools[cj]
			}
		}
	}
	if bj >= 0 {
		ap.From = bs.Tools[bj].Hashes[hashes.Tool]
	}
	if ct != nil {
		ap.To = ct.Hashes[hashes.Tool]
	}
	if ap.From == ap.To && bj >= 0 && ct != nil && sameClass(&bs.Tools[bj], ct) {
		return nil, fmt.Errorf("%w: tool %s is unchanged", ErrNothingToApprove, tool)
	}
	switch {
	case bj >= 0 && ct != nil:
		bs.Tools[bj] = *ct
	case ct != nil:
		bs.Tools = append(bs.Tools, *ct)
	default:
		bs.Tools = append(bs.Tools[:bj], bs.Tools[bj+1:]...)
	}
	if bl.Surface != nil {
		for i := range bl.Surface.Servers {
			s := &bl.Surface.Servers[i]
			if s.Identity != bs.Identity {
				continue
			}
			setRawTool(s, tool, craw)
			names := make([]string, len(bs.Tools))
			th := make([]map[string]string, len(bs.Tools))
			for j := range bs.Tools {
				names[j], th[j] = bs.Tools[j].Name, bs.Tools[j].Hashes
			}
			bs.Hashes = hashes.ServerHashes(s, names, th)
		}
	} else {
		hashes.Recompose(bs)
	}
	curID := ""
	if ci >= 0 {
		curID = f.Servers[ci].Identity
	}
	replaceFindings(bl, bs.Identity, tool, f, curID)
	return ap, nil
}

func sameClass(a, b *model.ToolReport) bool {
	return a.Effect == b.Effect && a.Tier == b.Tier && strings.Join(a.Kinds, ",") == strings.Join(b.Kinds, ",") && a.Router == b.Router
}

func toolIndex(ts []model.ToolReport, name string) int {
	for i := range ts {
		if ts[i].Name == name {
			return i
		}
	}
	return -1
}

// setRawTool replaces, appends or (raw nil) removes a raw tool.
func setRawTool(s *model.Server, name string, raw json.RawMessage) {
	for i, t := range s.Tools {
		var n struct{ Name string }
		_ = json.Unmarshal(t, &n)
		if n.Name == name {
			if raw == nil {
				s.Tools = append(s.Tools[:i], s.Tools[i+1:]...)
			} else {
				s.Tools[i] = raw
			}
			return
		}
	}
	if raw != nil {
		s.Tools = append(s.Tools, raw)
	}
}

// setSurfaceServer replaces (or adds, or with s nil removes) a server's
// full definitions when the baseline keeps them.
func setSurfaceServer(bl *Baseline, identity string, s *model.Server) {
	if bl.Surface == nil {
		return
	}
	for i := range bl.Surface.Servers {
		if bl.Surface.Servers[i].Identity == identity && identity != "" {
			if s == nil {
				bl.Surface.Servers = append(bl.Surface.Servers[:i], bl.Surface.Servers[i+1:]...)
			} else {
				bl.Surface.Servers[i] = *s
			}
			return
		}
	}
	if s != nil {
		bl.Surface.Servers = append(bl.Surface.Servers, *s)
	}
}

// replaceFindings swaps the baseline's injection findings of one server
// (and tool, when given) for the current scan's.
func replaceFindings(bl *Baseline, identity, tool string, f *model.Findings, curID string) {
	kept := bl.Findings[:0:0]
	for _, fd := range bl.Findings {
		if fd.Server == identity && (tool == "" || fd.Tool == tool) {
			continue
		}
		kept = append(kept, fd)
	}
	if f != nil {
		for _, fd := range f.Findings {
			if fd.Category == model.CatInjection && fd.Server == curID && (tool == "" || fd.Tool == tool) {
				kept = append(kept, fd)
			}
		}
	}
	bl.Findings = kept
}
