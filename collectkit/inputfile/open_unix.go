//go:build unix

package inputfile

import "syscall"

// openFlags opens without blocking: opening a FIFO that has no writer
// would otherwise wait forever.
const openFlags = syscall.O_NONBLOCK
