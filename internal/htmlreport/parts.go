package htmlreport

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/assets"
	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	mhtml "github.com/tdewolff/minify/v2/html"
	"github.com/tdewolff/minify/v2/js"
)

// parts are the page's fixed pieces, minified and encoded once.
type parts struct {
	shell    *template.Template
	css      []byte
	app      []byte
	wasmExec []byte
	core     []byte // the gzip core as base-122 text (b122.go)
	coreHash string // sha256 of the uncompressed core

	skelOnce [2]sync.Once
	skel     [2][]byte
	skelErr  [2]error
}

// skeleton is the minified shell with placeholders for every input text:
// built from fixed strings only, so the placeholders it holds are exactly
// the ones the template wrote.
func (p *parts) skeleton(viewer bool) ([]byte, error) {
	i := 0
	if viewer {
		i = 1
	}
	p.skelOnce[i].Do(func() {
		var shell bytes.Buffer
		err := p.shell.Execute(&shell, map[string]any{
			"Title": template.HTML("@@TITLE@@"), "Subtitle": template.HTML("@@SUBTITLE@@"), "Mode": template.HTML("@@MODE@@"),
			"Viewer": viewer, "Sections": template.HTML("@@SECTIONS@@"),
		})
		if err != nil {
			p.skelErr[i] = fmt.Errorf("html: executing the page template: %w", err)
			return
		}
		p.skel[i], p.skelErr[i] = minifyHTML(shell.Bytes())
	})
	return p.skel[i], p.skelErr[i]
}

var (
	partsOnce sync.Once
	partsVal  *parts
	partsErr  error
)

func loadParts() (*parts, error) {
	partsOnce.Do(func() { partsVal, partsErr = buildParts() })
	return partsVal, partsErr
}

func buildParts() (*parts, error) {
	p := &parts{}
	var err error
	if p.shell, err = template.New("page").Parse(assets.Shell); err != nil {
		return nil, fmt.Errorf("html: parsing the page template: %w", err)
	}
	if p.css, err = minifyWith(css.Minify, assets.CSS); err != nil {
		return nil, fmt.Errorf("html: minifying CSS: %w", err)
	}
	if p.app, err = minifyWith(js.Minify, assets.JS); err != nil {
		return nil, fmt.Errorf("html: minifying the page script: %w", err)
	}
	we, err := minifyWith(js.Minify, assets.WasmExec)
	if err != nil {
		return nil, fmt.Errorf("html: minifying wasm_exec.js: %w", err)
	}
	p.wasmExec = append([]byte(licence(assets.WasmExec)), we...)
	if len(assets.CoreGz) == 0 {
		return nil, fmt.Errorf("html: the embedded WebAssembly core is empty; run make wasm")
	}
	zr, err := gzip.NewReader(bytes.NewReader(assets.CoreGz))
	if err != nil {
		return nil, fmt.Errorf("html: reading the embedded core: %w", err)
	}
	h := sha256.New()
	if _, err := io.Copy(h, zr); err != nil {
		return nil, fmt.Errorf("html: reading the embedded core: %w", err)
	}
	p.coreHash = hex.EncodeToString(h.Sum(nil))
	p.core = base122(assets.CoreGz)
	return p, nil
}

func minifyWith(fn minify.MinifierFunc, src string) ([]byte, error) {
	var out bytes.Buffer
	if err := fn(minify.New(), &out, strings.NewReader(src), nil); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// licence keeps wasm_exec.js's copyright notice (its leading // lines) as
// a block comment ahead of the minified code.
func licence(src string) string {
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		if !strings.HasPrefix(l, "//") {
			break
		}
		lines = append(lines, strings.TrimSpace(strings.TrimPrefix(l, "//")))
	}
	if len(lines) == 0 {
		return ""
	}
	return "/*! " + strings.Join(lines, " ") + " */\n"
}

// minifyHTML minifies the shell. No CSS or JS minifier is registered
// here: inline bodies are still placeholders and are filled in after,
// byte for byte as hashed.
func minifyHTML(b []byte) ([]byte, error) {
	m := minify.New()
	hm := &mhtml.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true, KeepSpecialComments: false}
	var out bytes.Buffer
	if err := hm.Minify(m, &out, bytes.NewReader(b), nil); err != nil {
		return nil, fmt.Errorf("html: minifying the page: %w", err)
	}
	return out.Bytes(), nil
}
