package view

import (
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/fleet"
	"github.com/assay-mcp/assay/report/model"
)

// TestFleetMatrixShape: the servers × machines matrix has a column per
// machine up to maxMatrixCols, then one "Where (version)" column.
func TestFleetMatrixShape(t *testing.T) {
	for _, n := range []int{3, maxMatrixCols + 1} {
		fl := &fleet.Fleet{Totals: map[string]int{}}
		var ms []FleetMachine
		row := fleet.ServerRow{Identity: "files@stdio:files", Name: "files"}
		for i := 0; i < n; i++ {
			label := "m" + itoa(i)
			fl.Machines = append(fl.Machines, fleet.MachineRow{Label: label, BySeverity: map[string]int{}})
			row.Machines = append(row.Machines, label)
			ms = append(ms, FleetMachine{Label: label, Findings: &model.Findings{Servers: []model.ServerReport{{Identity: row.Identity, Version: "1." + itoa(i)}}}})
		}
		fl.Servers = []fleet.ServerRow{row}
		h := fleetSection(&Fleet{Fleet: fl, Machines: ms}).HTML()
		wantCols := 3 + n
		if n > maxMatrixCols {
			wantCols = 4
			if !strings.Contains(h, "m1 (1.1), m2 (1.2)") {
				t.Errorf("%d machines: the where column lacks machine versions", n)
			}
		} else if !strings.Contains(h, "<td>1.2</td>") {
			t.Errorf("%d machines: no version cell", n)
		}
		i := strings.Index(h, `id="fleet-matrix"`)
		head := h[i : i+strings.Index(h[i:], "</thead>")]
		if got := strings.Count(head, "<th "); got != wantCols {
			t.Errorf("%d machines: %d matrix columns, want %d", n, got, wantCols)
		}
	}
}
