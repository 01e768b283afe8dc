package cli

import (
	"errors"
	"fmt"
	"github.com/assay-mcp/assay/collectkit/inputfile"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
)

// verifySignature is the signature hook of `assay verify`: it checks the
// file's embedded signature (against the key in pubPath when given) and
// returns each problem. Replace it to change how signatures are checked;
// hash verification does not depend on it.
var verifySignature = func(data []byte, pubPath string) ([]string, error) {
	if pubPath == "" {
		r := signature.Verify(data, nil)
		if !r.Signed {
			return nil, nil // unsigned and no key required: hashes only
		}
		if !r.Valid {
			return []string{"signature: " + r.Problem}, nil
		}
		return nil, nil
	}
	pub, err := loadPublicKey(pubPath)
	if err != nil {
		return nil, err
	}
	r := signature.Verify(data, pub)
	if !r.Valid || !r.Trusted {
		return []string{"signature: " + r.Problem}, nil
	}
	return nil, nil
}

func newVerifyCmd(e *env) *cobra.Command {
	var pub, blPath string
	cmd := &cobra.Command{
		Use:   "verify FILE",
		Short: "Recompute every hash in a bundle, findings file or baseline",
		Long: `Verify recomputes every hash a file records and reports each mismatch:
per-tool and per-server surface hashes from the raw definitions (bundles,
baselines with text), composite hashes from their components, the analysis
hash from the classification and injection findings, and the document hash
over the whole file. A file with no hash at all fails: stripping hashes is
tampering too. With --pub the file must also carry a valid signature by
that key. With --baseline the file must carry a valid signature by one of
the signers the baseline records (the keys that signed the bundles it was
approved from): an unsigned file is SIGNATURE MISSING (DRIFT-038), another
key DRIFT-039. A baseline that records no signer expects no signature.

Exit code: 0 verified, 1 a mismatch or a bad or missing signature, 65/66
unreadable.`,
		Example: `  assay verify bundle.json
  assay verify assay-baseline.json
  assay verify --pub consultant.key.pub bundle.json
  assay verify --baseline assay-baseline.json bundle-2026-12.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErr("verify needs one FILE; got %d", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if pub != "" {
				// A bad key is the first error, before any hash work.
				if _, err := loadPublicKey(pub); err != nil {
					return err
				}
			}
			var bl *baseline.Baseline
			if blPath != "" {
				var err error
				if bl, err = readBaseline(blPath); err != nil {
					return err
				}
			}
			data, err := readFileOrStdin(path, inputfile.MaxDocument)
			if err != nil {
				return err
			}
			problems, what, err := verifyData(path, data)
			if err != nil {
				return err
			}
			sig, err := verifySignature(data, pub)
			if err != nil {
				return err
			}
			if bl != nil {
				sig = append(sig, baseline.SignerLines(bl, []baseline.Observed{baseline.Observe(inputName(path), data)})...)
			}
			problems = append(problems, sig...)
			for _, p := range problems {
				fmt.Fprintf(e.stdout, "MISMATCH %s\n", p)
			}
			if len(sig) > 0 {
				fmt.Fprintf(e.stderr, "assay: %s: SIGNATURE CHECK FAILED — do not trust this file\n", path)
			}
			if len(problems) > 0 {
				fmt.Fprintf(e.stderr, "assay: %s: verification failed with %d problem(s)\n", path, len(problems))
				return silentExit{code: ExitFindings}
			}
			fmt.Fprintf(e.stdout, "ok: %s (%s): every hash matches\n", path, what)
			if r := signature.Verify(data, nil); r.Valid {
				v := view.Signature{Status: view.SigVerified, KeyID: r.KeyID, Pinned: pub != "" || (bl != nil && len(bl.Signers) > 0)}
				fmt.Fprintf(e.stdout, "ok: %s\n", v.Line())
			} else if !r.Signed && what == "bundle" {
				fmt.Fprintf(e.stdout, "note: %s is not signed; nothing says who wrote it (pin a key with --pub to require a signature)\n", path)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&pub, "pub", "", "public key file: also require a valid signature by this key")
	cmd.Flags().StringVar(&blPath, "baseline", "", "baseline file: require a signature by one of the signers it records")
	return cmd
}

// verifyData recomputes the hashes of one file's bytes and returns each
// mismatch as a line, and what kind of document it was.
func verifyData(path string, data []byte) ([]string, string, error) {
	var ms []hashes.Mismatch
	var what string
	if baseline.IsBaseline(data) {
		bl, err := baseline.Decode(path, data)
		if err != nil {
			return nil, "", &ExitError{Code: ExitDataErr, Err: err}
		}
		if len(bl.Hashes) == 0 {
			return []string{hashes.ErrNoHashes.Error()}, "baseline", nil
		}
		ms, what = bl.Verify(), "baseline"
	} else {
		in, err := decodeInput(path, data)
		if err != nil {
			return nil, "", err
		}
		switch in.Kind {
		case model.InputFindings:
			ms, err = hashes.VerifyFindings(in.Findings)
			what = "findings"
		case model.InputBundle:
			ms, err = hashes.VerifyBundle(in.Bundle)
			what = "bundle"
		default:
			return nil, "", &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: is a %s, which records no hashes; verify reads bundles, findings files and baselines", path, in.Kind)}
		}
		if errors.Is(err, hashes.ErrNoHashes) {
			return []string{err.Error()}, what, nil
		}
	}
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out, what, nil
}
