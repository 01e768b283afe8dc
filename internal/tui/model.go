package tui

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/assay-mcp/assay/report/model"
)

type mode uint8

const (
	modeBrowse mode = iota
	modeSearch
	modeExport
	modeApprove
)

// Model is the explorer's state. Create it with New; it implements
// tea.Model.
type Model struct {
	opts  Options
	st    styles
	ctx   context.Context
	data  *Data
	ix    *index
	nodes []node
	vis   []int // indices into nodes, ascending (pre-order)
	// hay is each node's lowercased search text, nil until the worker
	// started by setData delivers it (or the first search needs it); gen
	// numbers the audits so a late worker's result is dropped.
	hay []string
	gen int

	folded map[int]bool
	filter filter

	cur, top   int // selected and first shown position in vis
	focusRight bool
	dtop       int // first shown details line
	w, h       int

	schemaOpen, help bool
	mode             mode
	input            textinput.Model
	status           string

	refreshing bool
	prog       Progress
	// analysing is true while Actions.Analyse runs; aprog is its last
	// step and analysisErr why it failed (the audit then stays pending).
	analysing    bool
	aprog        Progress
	analysisErr  string
	waitedStatus string // the status that says an action waits for the analysis
	initCmd      tea.Cmd
	spin         spinner.Model
	approveSel   Selection

	cache struct {
		node, w int
		open    bool
		lines   []string
	}
}

// New builds the model for d. ctx bounds the background actions.
func New(ctx context.Context, d *Data, opts Options) *Model {
	m := &Model{opts: opts, st: newStyles(opts.Color), ctx: ctx, w: 80, h: 24, filter: filter{minSev: -1}}
	m.input = textinput.New()
	m.input.Prompt = ""
	m.input.CharLimit = 200
	m.spin = spinner.New(spinner.WithSpinner(spinner.Line))
	if m.opts.ExportPath == "" {
		m.opts.ExportPath = "assay-view.md"
	}
	m.initCmd = m.setData(d)
	return m
}

// tree is an audit prepared for display: its index, the flattened nodes
// and (when prepared off the loop) their search text. Building it is the
// part of installing an audit that grows with the tools, so audits that
// arrive in the background arrive prepared.
type tree struct {
	data  *Data
	ix    *index
	nodes []node
	hay   []string
}

func prepare(d *Data, withHay bool) *tree {
	ix := buildIndex(d)
	tr := &tree{data: d, ix: ix, nodes: ix.build()}
	if withHay {
		tr.hay = ix.hays(tr.nodes)
	}
	return tr
}

// setData installs a new audit; see install.
func (m *Model) setData(d *Data) tea.Cmd { return m.install(prepare(d, false)) }

// install installs a prepared audit, keeping folds, the selection by
// key, the selected row's place on the screen and the details' scroll:
// an audit that arrives (the analysis, a refresh) never yanks the cursor.
// It returns the command that computes the search text off the loop when
// the tree came without it.
func (m *Model) install(tr *tree) tea.Cmd {
	var selKey string
	foldKeys := map[string]bool{}
	row, dtop := 0, 0
	if m.nodes != nil {
		if n := m.selected(); n != nil {
			selKey = n.key
		}
		for i := range m.folded {
			foldKeys[m.nodes[i].key] = true
		}
		row, dtop = m.cur-m.top, m.dtop
	}
	m.data, m.ix, m.nodes, m.hay = tr.data, tr.ix, tr.nodes, tr.hay
	m.gen++
	m.folded = map[int]bool{}
	sel, found := 0, false
	for i := range m.nodes {
		if foldKeys[m.nodes[i].key] {
			m.folded[i] = true
		}
		if !found && selKey != "" && m.nodes[i].key == selKey {
			sel, found = i, true
		}
	}
	m.cache.node = -1
	m.refilter(sel)
	m.top = m.cur - row
	m.clamp()
	if found {
		m.dtop = dtop // clamped to the new details when drawn
	}
	if m.hay != nil {
		return nil
	}
	ix, nodes, gen := m.ix, m.nodes, m.gen
	return func() tea.Msg { return hayMsg{gen: gen, hay: ix.hays(nodes)} }
}

// refilter recomputes the visible rows and selects node want (or the
// nearest visible row before it).
func (m *Model) refilter(want int) {
	m.vis = m.visible()
	pos := sort.SearchInts(m.vis, want)
	if pos >= len(m.vis) || (pos < len(m.vis) && m.vis[pos] != want && pos > 0) {
		pos = max(pos-1, 0)
	}
	m.cur = pos
	m.dtop = 0
	m.clamp()
}

func (m *Model) selected() *node {
	if m.cur < 0 || m.cur >= len(m.vis) {
		return nil
	}
	return &m.nodes[m.vis[m.cur]]
}

func (m *Model) bodyHeight() int { return max(m.h-2, 1) }

func (m *Model) leftWidth() int {
	if m.w < 40 {
		return m.w / 2
	}
	return min(max(m.w*2/5, 20), 56)
}

func (m *Model) rightWidth() int { return max(m.w-m.leftWidth()-1, 1) }

// clamp keeps the selection inside the list and the window around it.
func (m *Model) clamp() {
	m.cur = min(max(m.cur, 0), max(len(m.vis)-1, 0))
	bh := m.bodyHeight()
	if m.cur < m.top {
		m.top = m.cur
	}
	if m.cur >= m.top+bh {
		m.top = m.cur - bh + 1
	}
	m.top = max(min(m.top, len(m.vis)-bh), 0)
}

// Init starts the background work of the first audit: its search text
// and, when it is pending, its analysis.
func (m *Model) Init() tea.Cmd {
	cmd := m.initCmd
	m.initCmd = nil
	if m.data.Pending && m.opts.Actions.Analyse != nil && !m.analysing {
		return tea.Batch(cmd, m.startAnalysis())
	}
	return cmd
}

// pending reports that the analysis has not arrived yet (pendingText
// says what it is doing).
func (m *Model) pending() bool { return m.data.Pending }

// pendingText says what the analysis is doing, for the places that
// would otherwise show "no findings".
func (m *Model) pendingText() string {
	if m.analysisErr != "" {
		return "analysis failed: " + m.analysisErr
	}
	return "being analysed" + m.stepText()
}

// stepText is " (step n/N: name)" while the analysis reports its steps.
func (m *Model) stepText() string {
	if !m.analysing || m.aprog.Total == 0 {
		return ""
	}
	return fmt.Sprintf(" (step %d/%d: %s)", m.aprog.Done+1, m.aprog.Total, m.aprog.Step)
}

// startAnalysis runs Actions.Analyse off the loop; its steps arrive as
// progress messages, the audit as analysisDoneMsg.
func (m *Model) startAnalysis() tea.Cmd {
	m.analysing, m.aprog, m.analysisErr = true, Progress{}, ""
	return m.background(m.opts.Actions.Analyse, true, func(tr *tree, err error) tea.Msg { return analysisDoneMsg{tree: tr, err: err} })
}

// background runs an action that returns a new audit off the loop: its
// progress arrives as progressMsg, then done's message with the audit
// prepared for display.
func (m *Model) background(run func(context.Context, func(Progress)) (*Data, error), analysis bool, done func(*tree, error) tea.Msg) tea.Cmd {
	ch := make(chan Progress, 256)
	ctx := m.ctx
	do := func() tea.Msg {
		d, err := run(ctx, func(p Progress) {
			select {
			case ch <- p:
			default: // the UI is behind; the final message carries the state
			}
		})
		close(ch)
		return done(prepared(d, err))
	}
	return tea.Batch(do, listen(ch, analysis), m.spin.Tick)
}

type (
	refreshDoneMsg struct {
		tree *tree
		err  error
	}
	progressMsg struct {
		p        Progress
		ch       chan Progress
		analysis bool
	}
	analysisDoneMsg struct {
		tree *tree
		err  error
	}
	hayMsg struct {
		gen int
		hay []string
	}
	approveDoneMsg struct {
		tree *tree
		msg  string
		err  error
	}
	exportDoneMsg struct {
		path string
		err  error
	}
)

// Update handles one message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = max(msg.Width, 10), max(msg.Height, 3)
		m.clamp()
		return m, nil
	case tea.KeyMsg:
		return m.key(msg)
	case tea.MouseMsg:
		return m.mouse(msg)
	case spinner.TickMsg:
		if !m.refreshing && !m.analysing {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case progressMsg:
		if msg.analysis {
			m.aprog = msg.p
			m.cache.node = -1 // the details say which step
			return m, listen(msg.ch, true)
		}
		m.prog = msg.p
		return m, listen(msg.ch, false)
	case hayMsg:
		if msg.gen == m.gen && m.hay == nil {
			m.hay = msg.hay
		}
		return m, nil
	case analysisDoneMsg:
		m.analysing = false
		if msg.err != nil {
			err := oneLine(msg.err.Error())
			m.analysisErr = err
			m.cache.node = -1
			m.status = "analysis failed: " + err
			return m, nil
		}
		cmd := m.install(msg.tree)
		if m.status == m.waitedStatus {
			m.status = "" // what it waited for can run now
		}
		return m, cmd
	case refreshDoneMsg:
		m.refreshing = false
		if msg.err != nil {
			m.status = "refresh failed: " + oneLine(msg.err.Error())
			return m, nil
		}
		cmd := m.install(msg.tree)
		m.status = fmt.Sprintf("refreshed %d server(s)", m.prog.Total)
		if m.prog.Total == 0 {
			m.status = "reloaded the inputs; no live server to re-run"
		}
		return m, cmd
	case approveDoneMsg:
		if msg.err != nil {
			m.status = "not approved: " + oneLine(msg.err.Error())
			return m, nil
		}
		cmd := m.install(msg.tree)
		m.status = oneLine(msg.msg)
		return m, cmd
	case exportDoneMsg:
		if msg.err != nil {
			m.status = "export failed: " + oneLine(msg.err.Error())
		} else {
			m.status = "exported the view to " + oneLine(msg.path)
		}
		return m, nil
	}
	return m, nil
}

func oneLine(s string) string { return ansi.Strip(strings.Join(strings.Fields(s), " ")) }

func (m *Model) mouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		m.move(-3)
	case tea.MouseButtonWheelDown:
		m.move(3)
	}
	return m, nil
}

// move moves the selection (left pane) or scrolls the details (right).
func (m *Model) move(d int) {
	if m.focusRight {
		m.dtop = max(m.dtop+d, 0)
		return
	}
	m.cur += d
	m.dtop = 0
	m.clamp()
}

func (m *Model) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if k.Type == tea.KeyCtrlC {
		return m, tea.Quit
	}
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 && !k.Paste {
		// A terminal delivers fast typing as one message: "/weather".
		var cmds []tea.Cmd
		for _, r := range k.Runes {
			_, cmd := m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt})
			cmds = append(cmds, cmd)
		}
		return m, tea.Batch(cmds...)
	}
	switch m.mode {
	case modeSearch:
		return m.searchKey(k)
	case modeExport, modeApprove:
		return m.promptKey(k)
	}
	bh := m.bodyHeight()
	switch k.String() {
	case "q":
		return m, tea.Quit
	case "up", "k":
		m.move(-1)
	case "down", "j":
		m.move(1)
	case "pgup", "ctrl+b":
		m.move(-bh)
	case "pgdown", "ctrl+f", " ":
		m.move(bh)
	case "home", "g":
		m.move(-len(m.nodes) - 1<<20)
	case "end", "G":
		m.move(len(m.nodes) + 1<<20)
	case "left", "h":
		m.fold(true)
	case "right", "l":
		m.fold(false)
	case "enter", "tab", "shift+tab":
		m.focusRight = !m.focusRight
	case "/":
		m.mode = modeSearch
		m.input.SetValue(m.filter.query)
		m.input.CursorEnd()
		return m, m.input.Focus()
	case "esc":
		m.filter.query = ""
		m.help = false
		m.refilter(m.selIndex())
	case "S", "C", "E":
		if m.pending() {
			m.waitStatus(map[string]string{"S": "severity filter", "C": "category filter", "E": "effect filter"}[k.String()])
			return m, nil
		}
		switch k.String() {
		case "S":
			m.filter.minSev = cycleSev(m.filter.minSev)
		case "C":
			m.filter.category = cycle(categories, m.filter.category)
		default:
			m.filter.effect = cycle(effects, m.filter.effect)
		}
		m.refilter(m.selIndex())
	case "0":
		m.filter = filter{minSev: -1}
		m.refilter(m.selIndex())
	case "?":
		m.help = !m.help
	case "s":
		m.schemaOpen = !m.schemaOpen
		m.showSchema()
	case "e":
		return m.startExport()
	case "a":
		return m.startApprove()
	case "r":
		return m.startRefresh()
	}
	return m, nil
}

// waitStatus says that what was asked needs the analysis still running
// (or failed).
func (m *Model) waitStatus(what string) {
	if m.analysisErr != "" {
		m.status = what + " needs the analysis, which failed: " + m.analysisErr
		return
	}
	m.status = what + " waits for the analysis" + m.stepText()
	m.waitedStatus = m.status
}

func (m *Model) selIndex() int {
	if m.cur < len(m.vis) {
		return m.vis[m.cur]
	}
	return 0
}

// fold folds (or unfolds) the selected node; folding a leaf or a folded
// node moves to its parent.
func (m *Model) fold(close bool) {
	if m.focusRight {
		return
	}
	n := m.selected()
	if n == nil {
		return
	}
	i := m.vis[m.cur]
	hasKids := n.end > i+1
	switch {
	case close && hasKids && !m.folded[i]:
		m.folded[i] = true
	case close && n.parent >= 0:
		i = n.parent
	case !close && m.folded[i]:
		delete(m.folded, i)
	default:
		return
	}
	m.refilter(i)
}

func cycleSev(s int) int {
	switch s {
	case -1:
		return 4
	case 0:
		return -1
	}
	return s - 1
}

func cycle(list []string, cur string) string {
	for i, x := range list {
		if x == cur {
			if i+1 < len(list) {
				return list[i+1]
			}
			return ""
		}
	}
	return list[0]
}

func (m *Model) searchKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch k.Type {
	case tea.KeyEnter:
		m.mode = modeBrowse
		m.input.Blur()
		return m, nil
	case tea.KeyEsc:
		m.mode = modeBrowse
		m.input.Blur()
		m.filter.query = ""
		m.refilter(m.selIndex())
		return m, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	if q := strings.ToLower(m.input.Value()); q != m.filter.query {
		m.filter.query = q
		m.refilter(m.selIndex())
	}
	return m, cmd
}

func (m *Model) promptKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch k.Type {
	case tea.KeyEsc:
		m.mode = modeBrowse
		m.input.Blur()
		m.status = "cancelled"
		return m, nil
	case tea.KeyEnter:
		v := strings.TrimSpace(m.input.Value())
		md := m.mode
		m.mode = modeBrowse
		m.input.Blur()
		if v == "" {
			m.status = "cancelled: nothing entered"
			return m, nil
		}
		if md == modeExport {
			return m, m.export(v)
		}
		return m, m.approve(v)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	return m, cmd
}

func (m *Model) startExport() (tea.Model, tea.Cmd) {
	if m.opts.Actions.Export == nil {
		m.status = "export is not available here"
		return m, nil
	}
	if m.pending() {
		m.waitStatus("export")
		return m, nil
	}
	m.mode = modeExport
	m.input.SetValue(m.opts.ExportPath)
	m.input.CursorEnd()
	return m, m.input.Focus()
}

func (m *Model) export(path string) tea.Cmd {
	md, err := m.viewMarkdown()
	write := m.opts.Actions.Export
	return func() tea.Msg {
		if err == nil {
			err = write(path, md)
		}
		return exportDoneMsg{path: path, err: err}
	}
}

func (m *Model) startApprove() (tea.Model, tea.Cmd) {
	g := m.data.Gate
	n := m.selected()
	switch {
	case m.pending() && m.opts.Actions.Approve != nil:
		m.waitStatus("approve")
		return m, nil
	case g == nil || g.Kind != "baseline" || m.opts.Actions.Approve == nil:
		m.status = "approve needs --baseline FILE"
		return m, nil
	case n == nil || (n.kind != kindServer && n.kind != kindTool):
		m.status = "select a server or a tool to approve its drift"
		return m, nil
	case n.cats&catBit(model.CatDrift) == 0:
		m.status = "no drift to approve here"
		return m, nil
	}
	s := &m.data.Findings.Servers[n.srv]
	m.approveSel = Selection{Server: s.Identity, ServerName: s.Name}
	if n.kind == kindTool {
		m.approveSel.Tool = s.Tools[n.tool].Name
	}
	m.mode = modeApprove
	m.input.SetValue("")
	return m, m.input.Focus()
}

func (m *Model) approve(note string) tea.Cmd {
	sel, run, ctx := m.approveSel, m.opts.Actions.Approve, m.ctx
	m.status = "approving…"
	return func() tea.Msg {
		d, msg, err := run(ctx, sel, note)
		tr, err := prepared(d, err)
		return approveDoneMsg{tree: tr, msg: msg, err: err}
	}
}

// startRefresh runs the host's refresh in the background; progress
// arrives as messages, the UI stays live.
func (m *Model) startRefresh() (tea.Model, tea.Cmd) {
	if m.opts.Actions.Refresh == nil {
		m.status = "refresh is not available for this input"
		return m, nil
	}
	if m.refreshing {
		m.status = "a refresh is already running"
		return m, nil
	}
	if m.analysing {
		m.waitStatus("refresh")
		return m, nil
	}
	m.refreshing, m.prog, m.status = true, Progress{}, ""
	return m, m.background(m.opts.Actions.Refresh, false, func(tr *tree, err error) tea.Msg { return refreshDoneMsg{tree: tr, err: err} })
}

// prepared is the tree of an audit returned by a background action,
// prepared there, off the loop.
func prepared(d *Data, err error) (*tree, error) {
	if err == nil && d == nil {
		err = errors.New("no audit returned")
	}
	if err != nil {
		return nil, err
	}
	return prepare(d, true), nil
}

func listen(ch chan Progress, analysis bool) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return progressMsg{p: p, ch: ch, analysis: analysis}
	}
}

// showSchema scrolls the details to the input schema of the selected
// tool, so 's' always shows what it opened or folded.
func (m *Model) showSchema() {
	n := m.selected()
	if n == nil || n.kind != kindTool || m.help {
		return
	}
	for i, l := range m.details(n, m.rightWidth()) {
		if strings.HasPrefix(ansi.Strip(l), "Input schema") {
			m.dtop = max(i-1, 0)
			return
		}
	}
}
