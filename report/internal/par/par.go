// Package par runs independent per-item work on all cores while keeping
// results in input order, so analysis output never depends on scheduling.
package par

import (
	"runtime"
	"sync"
)

// ForEach runs fn(0..n-1) on up to GOMAXPROCS goroutines. Each call
// writes only its own index of a result slice, so results stay in input
// order and the output is byte-identical to a sequential run (under
// WebAssembly GOMAXPROCS is 1 and this is a plain loop).
func ForEach(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
