package canon

import (
	"errors"
	"math/big"
	"strconv"
)

// Integers beyond 2^53. RFC 8785 writes every number as the nearest IEEE
// double, so 9007199254740993 and 9007199254740992 canonicalise alike: a
// signed bundle's schema bound could be edited without the signature or
// any hash noticing. Assay's canonical form therefore keeps the digits of
// an integer that no double holds exactly; every other number is written
// as RFC 8785 says, so documents without such integers hash as before.
// The JCS library cannot do this, so a document that needs the library
// (duplicate names, invalid UTF-8, extreme nesting) and has such an
// integer is refused rather than canonicalised inexactly.

var errInexact = errors.New("canonicalising JSON: an integer beyond 2^53 in a document only the JCS library reads; it cannot be kept exact")

// inexactInteger says whether tok, a JSON integer, differs from every
// float64.
func inexactInteger(tok []byte) bool {
	n, ok := new(big.Int).SetString(string(tok), 10)
	if !ok {
		return false
	}
	if n.IsInt64() && n.Int64() >= -(1<<53) && n.Int64() <= 1<<53 {
		return false
	}
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil {
		return true
	}
	back, acc := new(big.Float).SetFloat64(f).Int(nil)
	return acc != big.Exact || back.Cmp(n) != 0
}

// hasInexactInteger scans raw JSON (outside strings) for an integer
// literal inexactInteger refuses to round.
func hasInexactInteger(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '"':
			for i++; i < len(raw) && raw[i] != '"'; i++ {
				if raw[i] == '\\' {
					i++
				}
			}
		case c == '-' || (c >= '0' && c <= '9'):
			j := i
			if raw[j] == '-' {
				j++
			}
			for j < len(raw) && raw[j] >= '0' && raw[j] <= '9' {
				j++
			}
			integer := j == len(raw) || (raw[j] != '.' && raw[j] != 'e' && raw[j] != 'E')
			if integer && j-i > 15 && inexactInteger(raw[i:j]) {
				return true
			}
			for j < len(raw) && (raw[j] == '.' || raw[j] == 'e' || raw[j] == 'E' || raw[j] == '+' || raw[j] == '-' || (raw[j] >= '0' && raw[j] <= '9')) {
				j++
			}
			i = j - 1
		}
	}
	return false
}
