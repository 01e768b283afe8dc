//go:build js && wasm

// Command wasm is the analysis core the HTML report carries: the same
// pure Go packages the CLI runs, compiled with GOOS=js GOARCH=wasm. It
// registers functions on globalThis and then blocks, because exported
// functions stop working once main returns.
//
//	assayInspect(files)             → recognise dropped files
//	assayAnalyze(files, meta[, progress])    → findings + view of the files
//	assayDiff(old, new, meta[, progress])    → drift old → new + view
//	assayVerify(files)              → each file's signature status
//	assayWarm(files, meta)          → analyse the report's own input ahead
//	                                  of any drop, kept for reuse
//	assayDocuments()                → the findings documents of the last
//	                                  analysis or comparison
//
// files is an array of {name, text}, as a JSON string or as JS objects
// (the page passes objects: no 1 MB text is escaped and unescaped);
// meta is a JSON string {version, coreHash, viewOnly}; progress, when
// given, is a JS function called with each analysis step as it starts
// (the page's Worker posts it to the status line).
// Every function returns a JSON string, except assayAnalyze and
// assayDiff with viewOnly set (the page): they return {result, root,
// parts}, where result is the answer without view and documents, root the
// view's root element and parts its sections, each a JSON text written
// without reflection and batched for the page's builder (view.PageJSON).
package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/assay-mcp/assay/report/html/core"
)

func main() {
	js.Global().Set("assayInspect", js.FuncOf(func(this js.Value, args []js.Value) any {
		files, err := filesArg(args, 0)
		if err != nil {
			return answer(&core.Result{Error: err.Error()})
		}
		return answer(core.Inspect(files))
	}))
	js.Global().Set("assayAnalyze", js.FuncOf(func(this js.Value, args []js.Value) any {
		files, err := filesArg(args, 0)
		if err != nil {
			return answer(&core.Result{Error: err.Error()})
		}
		m := metaArg(args, 1, 2)
		return answerView(core.Analyze(files, m), m)
	}))
	js.Global().Set("assayDiff", js.FuncOf(func(this js.Value, args []js.Value) any {
		old, err := filesArg(args, 0)
		if err != nil {
			return answer(&core.Result{Error: err.Error()})
		}
		nw, err := filesArg(args, 1)
		if err != nil {
			return answer(&core.Result{Error: err.Error()})
		}
		m := metaArg(args, 2, 3)
		return answerView(core.Diff(old, nw, m), m)
	}))
	js.Global().Set("assayWarm", js.FuncOf(func(this js.Value, args []js.Value) any {
		files, err := filesArg(args, 0)
		if err != nil {
			return answer(&core.Result{Error: err.Error()})
		}
		return answer(core.Warm(files, metaArg(args, 1, 2)))
	}))
	js.Global().Set("assayVerify", js.FuncOf(func(this js.Value, args []js.Value) any {
		files, err := filesArg(args, 0)
		if err != nil {
			return answer(&core.Result{Error: err.Error()})
		}
		return answer(core.Verify(files))
	}))
	js.Global().Set("assayDocuments", js.FuncOf(func(this js.Value, args []js.Value) any {
		return answer(core.Documents())
	}))
	if ready := js.Global().Get("assayCoreReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func filesArg(args []js.Value, i int) ([]core.File, error) {
	var files []core.File
	if len(args) <= i {
		return nil, errArg
	}
	a := args[i]
	switch {
	case a.Type() == js.TypeString:
		if err := json.Unmarshal([]byte(a.String()), &files); err != nil {
			return nil, err
		}
	case a.Type() == js.TypeObject && js.Global().Get("Array").Call("isArray", a).Bool():
		for j, n := 0, a.Length(); j < n; j++ {
			f := a.Index(j)
			if f.Type() != js.TypeObject || f.Get("name").Type() != js.TypeString || f.Get("text").Type() != js.TypeString {
				return nil, errArg
			}
			files = append(files, core.File{Name: f.Get("name").String(), Text: f.Get("text").String()})
		}
	default:
		return nil, errArg
	}
	return files, nil
}

func metaArg(args []js.Value, i, progress int) core.Meta {
	var m core.Meta
	if len(args) > i && args[i].Type() == js.TypeString {
		_ = json.Unmarshal([]byte(args[i].String()), &m)
	}
	if len(args) > progress && args[progress].Type() == js.TypeFunction {
		f := args[progress]
		m.Progress = func(step string) { f.Invoke(step) }
	}
	return m
}

type argError struct{}

func (argError) Error() string { return "internal: expected an array of files {name, text}" }

var errArg = argError{}

// answerView is the page's answer when it asked for the view only: the
// small result as JSON and the view as separate JSON texts (see the
// package comment), else the plain JSON answer.
func answerView(r *core.Result, m core.Meta) any {
	if !m.ViewOnly || r.View == nil {
		return answer(r)
	}
	root, parts := r.View.PageJSON()
	r.View = nil
	ps := make([]any, len(parts))
	for i, p := range parts {
		ps[i] = p
	}
	return map[string]any{"result": answer(r), "root": root, "parts": ps}
}

func answer(r *core.Result) string {
	b, err := json.Marshal(r)
	if err != nil {
		return `{"ok":false,"error":"internal: encoding the result failed"}`
	}
	return string(b)
}
