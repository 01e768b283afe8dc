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
//
// files is a JSON array of {name, text}; meta is {version, coreHash};
// progress, when given, is a JS function called with each analysis step
// as it starts (the page's Worker posts it to the status line).
// Every function takes and returns strings (JSON), so the page can run
// this module in a Worker and pass messages as plain text.
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
		return answer(core.Analyze(files, metaArg(args, 1, 2)))
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
		return answer(core.Diff(old, nw, metaArg(args, 2, 3)))
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
	if ready := js.Global().Get("assayCoreReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func filesArg(args []js.Value, i int) ([]core.File, error) {
	var files []core.File
	if len(args) <= i || args[i].Type() != js.TypeString {
		return nil, errArg
	}
	if err := json.Unmarshal([]byte(args[i].String()), &files); err != nil {
		return nil, err
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

func (argError) Error() string { return "internal: expected a JSON string of files" }

var errArg = argError{}

func answer(r *core.Result) string {
	b, err := json.Marshal(r)
	if err != nil {
		return `{"ok":false,"error":"internal: encoding the result failed"}`
	}
	return string(b)
}
