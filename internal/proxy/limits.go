package proxy

// Limits bound what inspection may hold; zero fields take the defaults.
// Exceeding one never affects forwarding: the proxy notes it once and
// inspects less.
type Limits struct {
	// QueueBytes and QueueChunks bound the copies waiting for inspection.
	QueueBytes  int
	QueueChunks int
	// MaxMessage is the largest message inspected (bytes of one line).
	MaxMessage int
	// MaxTools is the most tools of one listing that are compared.
	MaxTools int
	// MaxPending is how many unanswered requests are remembered.
	MaxPending int
	// JournalQueue and StderrQueue bound the lines waiting to be written.
	JournalQueue int
	StderrQueue  int
}

// DefaultLimits are generous for real servers and small for a host.
var DefaultLimits = Limits{
	QueueBytes:   64 << 20,
	QueueChunks:  4096,
	MaxMessage:   16 << 20,
	MaxTools:     10000,
	MaxPending:   4096,
	JournalQueue: 8192,
	StderrQueue:  1024,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	set := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	set(&l.QueueBytes, d.QueueBytes)
	set(&l.QueueChunks, d.QueueChunks)
	set(&l.MaxMessage, d.MaxMessage)
	set(&l.MaxTools, d.MaxTools)
	set(&l.MaxPending, d.MaxPending)
	set(&l.JournalQueue, d.JournalQueue)
	set(&l.StderrQueue, d.StderrQueue)
	return l
}
