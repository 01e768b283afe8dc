package cli

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"github.com/assay-mcp/assay/collectkit/inputfile"
	"github.com/assay-mcp/assay/collectkit/outfile"
	"os"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
)

func newKeygenCmd(e *env) *cobra.Command {
	var out string
	var force bool
	cmd := &cobra.Command{
		Use:   "keygen -o KEYFILE",
		Short: "Create an Ed25519 key pair for signing bundles",
		Long: `Keygen writes a private key to KEYFILE (mode 0600) and the public key to
KEYFILE.pub. Give the private key to the collector (assay-collect --sign) and
keep the public key to check bundles (assay verify --pub KEYFILE.pub).`,
		Example: "  assay keygen -o consultant.key\n  assay-collect --connect --sign consultant.key --out bundle.json\n  assay verify --pub consultant.key.pub bundle.json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErr("keygen needs -o KEYFILE")
			}
			if _, err := os.Stat(out); err == nil && !force {
				return &ExitError{Code: ExitIOErr, Err: fmt.Errorf("%s exists; refusing to overwrite a key (use --force)", out)}
			}
			pub, priv, err := ed25519.GenerateKey(rand.Reader)
			if err != nil {
				return err
			}
			// Private: mode 0600 from the start, and only ever a regular file.
			if err := e.write(out, signature.EncodePrivate(priv), &outfile.Options{Private: true}); err != nil {
				return err
			}
			if err := e.writeFile(out+".pub", signature.EncodePublic(pub)); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "wrote %s (private, keep it secret) and %s.pub (key id %s)\n", out, out, signature.KeyID(pub))
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "private key file to write (the public key goes to FILE.pub)")
	cmd.Flags().BoolVar(&force, "force", false, "overwrite an existing key file")
	return cmd
}

func newSignCmd(e *env) *cobra.Command {
	var keyPath, out string
	cmd := &cobra.Command{
		Use:   "sign --key KEYFILE BUNDLE",
		Short: "Sign a bundle with an Ed25519 key",
		Long: `Sign adds an Ed25519 signature over the bundle's canonical JSON (RFC 8785),
so any later edit is detected by 'assay verify --pub' and shown in reports.
The bundle is rewritten atomically unless -o names another file.`,
		Example: "  assay sign --key consultant.key bundle.json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if keyPath == "" {
				return usageErr("sign needs --key KEYFILE")
			}
			priv, err := loadPrivateKey(keyPath)
			if err != nil {
				return err
			}
			in, data, err := readInputData(args[0])
			if err != nil {
				return err
			}
			if in.Kind != model.InputBundle {
				return &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: is a %s; only Assay bundles are signed", args[0], in.Kind)}
			}
			signed, err := signature.Sign(data, priv)
			if err != nil {
				return &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: %w", args[0], err)}
			}
			dst := args[0]
			if out != "" {
				dst = out
			}
			if err := e.writeFile(dst, signed); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "signed %s with %s\n", dst, signature.KeyID(priv.Public().(ed25519.PublicKey)))
			return nil
		},
	}
	cmd.Flags().StringVar(&keyPath, "key", "", "private key file from 'assay keygen'")
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the signed bundle here instead of in place")
	return cmd
}

func loadPrivateKey(path string) (ed25519.PrivateKey, error) {
	data, err := readFile(path, inputfile.MaxKey)
	if err != nil {
		return nil, err
	}
	k, err := signature.ParsePrivate(data)
	if err != nil {
		return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: %w", path, err)}
	}
	return k, nil
}

func loadPublicKey(path string) (ed25519.PublicKey, error) {
	data, err := readFile(path, inputfile.MaxKey)
	if err != nil {
		return nil, err
	}
	k, err := signature.ParsePublic(data)
	if err != nil {
		return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: %w", path, err)}
	}
	return k, nil
}

var _ = errors.New
