package outfile

import "io"

// Stdout wraps a program's stdout and remembers the first failed write (a
// full disk, a closed pipe, /dev/full), so a run whose printed result was
// lost never exits 0: both binaries turn Err into exit 74.
type Stdout struct {
	W   io.Writer
	Err error
}

func (s *Stdout) Write(p []byte) (int, error) {
	if s.Err != nil {
		return 0, s.Err
	}
	n, err := s.W.Write(p)
	if err != nil {
		s.Err = err
	}
	return n, err
}
