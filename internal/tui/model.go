package tui

import (
	"context"
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
	spin       spinner.Model
	approveSel Selection

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
	m.setData(d)
	return m
}

// setData installs a (new) audit, keeping folds and the selection by key.
func (m *Model) setData(d *Data) {
	var selKey string
	foldKeys := map[string]bool{}
	if m.nodes != nil {
		if n := m.selected(); n != nil {
			selKey = n.key
		}
		for i := range m.folded {
			foldKeys[m.nodes[i].key] = true
		}
	}
	m.data = d
	m.ix = buildIndex(d)
	m.nodes = m.ix.build()
	m.folded = map[int]bool{}
	sel := 0
	for i := range m.nodes {
		if foldKeys[m.nodes[i].key] {
			m.folded[i] = true
		}
		if selKey != "" && m.nodes[i].key == selKey {
			sel = i
		}
	}
	m.cache.node = -1
	m.refilter(sel)
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

// Init starts nothing: the audit is already loaded.
func (m *Model) Init() tea.Cmd { return nil }

type (
	refreshDoneMsg struct {
		data *Data
		err  error
	}
	progressMsg struct {
		p  Progress
		ch chan Progress
	}
	approveDoneMsg struct {
		data *Data
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
		if !m.refreshing {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case progressMsg:
		m.prog = msg.p
		return m, listen(msg.ch)
	case refreshDoneMsg:
		m.refreshing = false
		if msg.err != nil {
			m.status = "refresh failed: " + oneLine(msg.err.Error())
			return m, nil
		}
		m.setData(msg.data)
		m.status = fmt.Sprintf("refreshed %d server(s)", m.prog.Total)
		if m.prog.Total == 0 {
			m.status = "reloaded the inputs; no live server to re-run"
		}
		return m, nil
	case approveDoneMsg:
		if msg.err != nil {
			m.status = "not approved: " + oneLine(msg.err.Error())
			return m, nil
		}
		m.setData(msg.data)
		m.status = oneLine(msg.msg)
		return m, nil
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
	case "S":
		m.filter.minSev = cycleSev(m.filter.minSev)
		m.refilter(m.selIndex())
	case "C":
		m.filter.category = cycle(categories, m.filter.category)
		m.refilter(m.selIndex())
	case "E":
		m.filter.effect = cycle(effects, m.filter.effect)
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
		return approveDoneMsg{data: d, msg: msg, err: err}
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
	m.refreshing, m.prog, m.status = true, Progress{}, ""
	ch := make(chan Progress, 256)
	run, ctx := m.opts.Actions.Refresh, m.ctx
	do := func() tea.Msg {
		d, err := run(ctx, func(p Progress) {
			select {
			case ch <- p:
			default: // the UI is behind; the final message carries the state
			}
		})
		close(ch)
		return refreshDoneMsg{data: d, err: err}
	}
	return m, tea.Batch(do, listen(ch), m.spin.Tick)
}

func listen(ch chan Progress) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return progressMsg{p: p, ch: ch}
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
