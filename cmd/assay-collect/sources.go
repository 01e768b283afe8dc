package main

import (
	"crypto/ed25519"
	"fmt"
	"github.com/assay-mcp/assay/collectkit/inputfile"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
)

// encode seals the bundle, projects it onto the allowlist and signs it
// when a key is given.
func encode(b *model.Bundle, key ed25519.PrivateKey) ([]byte, error) {
	data, err := collectkit.EncodeBundle(b)
	if err != nil || key == nil {
		return data, err
	}
	return signature.Sign(data, key)
}

// loadKey reads a private key written by 'assay keygen'.
func loadKey(path string) (ed25519.PrivateKey, error) {
	data, err := inputfile.Read(path, inputfile.MaxKey)
	if err != nil {
		return nil, fmt.Errorf("--sign: %w", err)
	}
	k, err := signature.ParsePrivate(data)
	if err != nil {
		return nil, fmt.Errorf("--sign %s: %w", redact.Base(path), err)
	}
	return k, nil
}
