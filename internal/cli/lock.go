package cli

import (
	"crypto/rand"
	"errors"
	"fmt"
	"github.com/assay-mcp/assay/collectkit/inputfile"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/collectkit/pin"
	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
)

func newLockCmd(e *env) *cobra.Command {
	var sf scanFlags
	var out, day string
	var force, migrate bool
	cmd := &cobra.Command{
		Use:   "lock [CONFIG...] [--server CMD]... [--connect] -o assay.lock",
		Short: "Write a text-free lock: tool fingerprints, server identity and command pins",
		Long: `Lock records an approval that holds no text and no secret: per tool, hashes
of its description (as served, reflow-folded and normalised), schemas,
annotations and other members, its four behaviour hints in clear; per
server, its identity (serverInfo name and version, capabilities, protocol
era), the launch spec in a strict form with salted HMACs of the exact
arguments and non-secret values, and a command pin: the resolved program
and the script or package entry it runs, by SHA-256. Servers and tools are
sorted, so reordering a config never changes the lock. Commit it; check it
with 'assay check --lock assay.lock' and the same arguments.

Which servers: like 'assay scan'. Configured servers are only pinned unless
--connect starts or contacts them (after consent, or --yes) to lock their
tools too; --server ones are always contacted. A lock made with --connect
must be checked with --connect.

A lock is never written when a server to contact could not be reached or
listed completely, nor over objections (hidden characters, injection,
cross-server shadowing) unless --force. Re-locking keeps the salt and the
dates of unchanged pins of the lock it replaces, so an unchanged set of
servers gives the same bytes. --migrate rewrites an existing lock in the
current format only when nothing changed since it was written.

Exit code: 0 written; 1 refused over objections; 65 --migrate found
changes, or the existing file is not a lock; 69 a server could not be
reached or listed; 64 usage; 74 write failed.`,
		Example: `  assay lock --server "npx -y @modelcontextprotocol/server-memory@2026.8.31" --yes
  assay lock .cursor/mcp.json --connect --yes -o assay.lock
  assay check --lock assay.lock .cursor/mcp.json --connect --yes
  assay lock .cursor/mcp.json --connect --yes --migrate   # refresh the format, approve nothing`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := sf.validate(); err != nil {
				return err
			}
			d, err := today(day)
			if err != nil {
				return err
			}
			prev, err := existingLock(out)
			if err != nil {
				return err
			}
			if migrate && prev == nil {
				return usageErr("--migrate: %s does not exist; there is nothing to migrate", out)
			}
			salt, err := lockSalt(prev)
			if err != nil {
				return err
			}
			b, src, err := collectBundle(cmd.Context(), e, &sf, args)
			if err != nil {
				return err
			}
			if err := lockable(b, out); err != nil {
				return err
			}
			f, err := analyzeBundle(b, &sf, e.stderr)
			if err != nil {
				return err
			}
			if obj := baseline.Objections(b, f); len(obj) > 0 {
				if !force {
					fmt.Fprintf(e.stderr, "assay: refusing to lock %d objection(s):\n", len(obj))
					printObjections(e, obj)
					fmt.Fprintf(e.stderr, "assay: %s was not written; fix the surface or pass --force\n", out)
					return silentExit{code: ExitFindings}
				}
				fmt.Fprintf(e.stderr, "assay: --force: locking over %d objection(s):\n", len(obj))
				printObjections(e, obj)
			}
			l, err := lock.Build(lockEntries(e, b, src, salt, d), salt, prev)
			if err != nil {
				return usageErr("%v", err)
			}
			if migrate {
				if err := migrationSafe(e, prev, l, b, f, out); err != nil {
					return err
				}
			}
			data, err := lock.Encode(l)
			if err != nil {
				return &ExitError{Code: ExitSoftware, Err: err}
			}
			if err := e.writeFile(out, data); err != nil {
				return err
			}
			servers, tools, pins := 0, 0, 0
			for _, s := range l.Servers {
				servers++
				if s.Surface != nil {
					tools += len(s.Surface.Tools)
				}
				if s.Pin != nil {
					pins++
				}
			}
			fmt.Fprintf(e.noteTo(out), "wrote %s: %d server(s), %d tool(s), %d command pin(s)\n", out, servers, tools, pins)
			return nil
		},
	}
	sf.registerCollect(cmd)
	f := cmd.Flags()
	f.StringVarP(&out, "out", "o", "assay.lock", "lock file to write")
	f.BoolVar(&force, "force", false, "lock even over objections (hidden characters, injection, shadowing)")
	f.BoolVar(&migrate, "migrate", false, "rewrite the existing lock in the current format, refusing if anything changed")
	f.StringVar(&day, "today", "", "record new pins with this date (YYYY-MM-DD) instead of today")
	_ = f.MarkHidden("today")
	return cmd
}

// readLock reads and verifies a lock (66 missing, 65 malformed or edited).
func readLock(path string) (*lock.Lock, error) {
	data, err := readSmallFile(path)
	if err != nil {
		return nil, err
	}
	l, err := lock.Decode(path, data)
	if err != nil {
		return nil, &ExitError{Code: ExitDataErr, Err: err}
	}
	return l, nil
}

// readSmallFile reads an input file under the input cap.
func readSmallFile(path string) ([]byte, error) {
	return readFile(path, inputfile.MaxBaseline)
}

// existingLock is the lock at the output path, nil when there is none.
// Anything else there is refused: a lock never overwrites another file.
func existingLock(path string) (*lock.Lock, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	data, err := readSmallFile(path)
	if err != nil {
		return nil, err
	}
	if !lock.IsLock(data) {
		return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s exists and is not an Assay lock; refusing to overwrite it (choose another -o)", path)}
	}
	l, err := lock.Decode(path, data)
	if err != nil {
		return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%w; remove it to start a new lock", err)}
	}
	return l, nil
}

// lockSalt keeps the salt of the lock being replaced, or draws a new one.
func lockSalt(prev *lock.Lock) ([]byte, error) {
	if prev != nil {
		return prev.SaltOf()
	}
	salt := make([]byte, lock.SaltBytes)
	if _, err := rand.Read(salt); err != nil {
		return nil, &ExitError{Code: ExitSoftware, Err: err}
	}
	return salt, nil
}

// lockable refuses a lock of servers that were to be contacted but could
// not be reached or listed completely: a lock records what was seen.
func lockable(b *model.Bundle, out string) error {
	for _, s := range b.Servers {
		if s.Source != "live" {
			continue
		}
		if s.ProtocolVersion == "" {
			why := "no answer"
			if len(s.Errors) > 0 {
				why = s.Errors[0].Code + ": " + s.Errors[0].Message
			}
			return &ExitError{Code: ExitUnavailable, Err: fmt.Errorf("server %s could not be reached (%s); %s was not written", s.Name, why, out)}
		}
	}
	if gaps := baseline.Incomplete(b); len(gaps) > 0 {
		return &ExitError{Code: ExitUnavailable, Err: fmt.Errorf("the scan is incomplete (%s); %s was not written", strings.Join(gaps, "; "), out)}
	}
	return nil
}

// lockEntries pairs every server of b with its launch spec and command
// pin. A program that cannot be pinned is named on stderr and left
// unpinned.
func lockEntries(e *env, b *model.Bundle, src *collectkit.Sources, salt []byte, day string) []lock.Entry {
	launches := src.Launches()
	home := e.getenv("HOME")
	var out []lock.Entry
	for i := range b.Servers {
		s := &b.Servers[i]
		en := lock.Entry{Name: s.Name, Identity: s.Identity, Launch: lock.Launch{Transport: s.Transport}}
		if t, ok := launches[s.Identity]; ok {
			en.Launch = pin.LaunchOf(t, salt)
			if t.Transport == "stdio" {
				p, err := pin.Of(t.Command, t.Args, &pin.Options{Home: home, Date: day})
				if err != nil {
					fmt.Fprintf(e.stderr, "assay: %s: no command pin: %v\n", s.Name, err)
				}
				en.Pin = p
			}
		}
		if s.Source == "surface" || (s.Source == "live" && s.ProtocolVersion != "") {
			en.Server = s
		}
		out = append(out, en)
	}
	return out
}

// migrationSafe lets --migrate write only when the current servers match
// the existing lock exactly (a moved program is the only note allowed): a
// format upgrade must never approve a change.
func migrationSafe(e *env, prev, cur *lock.Lock, b *model.Bundle, f *model.Findings, out string) error {
	var blocking []model.Finding
	for _, fd := range lock.Check(prev, &lock.Observed{Lock: cur, Bundle: b, Analysis: f}, nil) {
		if fd.ID != "DRIFT-033" {
			blocking = append(blocking, fd)
		}
	}
	if len(blocking) == 0 {
		return nil
	}
	fmt.Fprintf(e.stderr, "assay: --migrate refuses to approve %d change(s) since %s was written:\n", len(blocking), out)
	printObjections(e, blocking)
	return &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s was not migrated; review the changes with 'assay check --lock %s' and re-lock without --migrate", out, out)}
}
