package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/assay-mcp/assay/collectkit/inputfile"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

func rulesetVersion() string { return catalog.Ruleset }

// readFile reads one input file through the bounded reader
// (collectkit/inputfile): a missing file, a directory, device or FIFO is
// refused with exit 66, a file over limit with 65 — before it is read.
func readFile(path string, limit int64) ([]byte, error) {
	return fileErr(inputfile.Read(path, limit))
}

// readFileOrStdin is readFile, except that "-" reads standard input.
func readFileOrStdin(path string, limit int64) ([]byte, error) {
	return fileErr(inputfile.ReadOrStdin(path, os.Stdin, limit))
}

func fileErr(data []byte, err error) ([]byte, error) {
	if err == nil {
		return data, nil
	}
	var fe *inputfile.Error
	if errors.As(err, &fe) && fe.Problem == inputfile.TooLarge {
		return nil, &ExitError{Code: ExitDataErr, Err: err}
	}
	return nil, &ExitError{Code: ExitNoInput, Err: err}
}

// readInput reads and decodes one bundle, findings or surface file ("-"
// is standard input).
func readInput(path string) (*model.Input, error) {
	in, _, err := readInputData(path)
	return in, err
}

// readInputData is readInput that also returns the bytes read, for the
// signature check: a file is read once, so stdin works and the bytes
// checked are the bytes decoded.
func readInputData(path string) (*model.Input, []byte, error) {
	data, err := readFileOrStdin(path, inputfile.MaxDocument)
	if err != nil {
		return nil, nil, err
	}
	in, err := decodeInput(path, data)
	return in, data, err
}

// inputName is how messages name an input path: "-" is standard input.
func inputName(path string) string {
	if path == inputfile.Stdin {
		return "standard input"
	}
	return path
}

func decodeInput(path string, data []byte) (*model.Input, error) {
	in, err := model.Decode(inputName(path), data)
	if err != nil {
		return nil, &ExitError{Code: ExitDataErr, Err: err}
	}
	return in, nil
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

var _ = fmt.Sprintf
