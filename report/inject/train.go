package inject

import "sort"

// Example is one labelled string for Train.
type Example struct {
	Text  string
	Kind  string // "description", "param", "title", "instructions", "prompt", "resource", "value"
	Scope *Scope
	// Attack is set for an injection; Class names its technique when the
	// set says which (the class model learns from those).
	Attack bool
	Class  Class
}

// TrainOptions tune Train. Nil means defaults.
type TrainOptions struct {
	Epochs int // passes over the examples; 0 means 12
	// FPPermille is the share of benign training strings with a class
	// signal (per thousand) allowed above the threshold; 0 means 12 (8
	// until round 3: file-held-out cross-validation gained 23 hits for 14
	// hard-benign flags at 12, and the superlative example needs
	// it).
	FPPermille int
	// BarePer100k is the same for benign strings where only supporting
	// signals fired, per hundred thousand; 0 means 20.
	BarePer100k int
}

// row is one example as features.
type row struct {
	fs      []uint32
	y       int64
	class   Class
	level   int  // see level
	support bool // only supporting signals fired
	near    bool // no signal, but a rule missed by one slot
}

// Train fits the scorer and returns the weights file (score.go's format).
// Both models are averaged perceptrons in integer arithmetic over a seeded
// order, so the same examples give the same bytes on every machine.
func Train(ex []Example, opts *TrainOptions) []byte {
	epochs, fp, bare := 12, 12, 20
	if opts != nil && opts.Epochs > 0 {
		epochs = opts.Epochs
	}
	if opts != nil && opts.FPPermille > 0 {
		fp = opts.FPPermille
	}
	if opts != nil && opts.BarePer100k > 0 {
		bare = opts.BarePer100k
	}
	var rows []row
	npos, nneg := 0, 0
	x := newScratch()
	for _, e := range ex {
		sh := Normalize(e.Text)
		sigs, toks, cx := theMatcher().signals(sh.Text, e.Scope, x)
		r := row{fs: features(sigs, toks, cx, e.Kind, nil), y: -1, class: e.Class, level: level(sigs), near: len(sigs) == 0 && cx.nearAny()}
		r.support = r.level == 0 && len(sigs) > 0
		if e.Attack {
			r.y, npos = 1, npos+1
		} else {
			nneg++
		}
		rows = append(rows, r)
	}
	m := &weights{}
	m.class[Support] = make([]int16, ClassBuckets) // never chosen; kept so the file has a fixed shape
	rate := int64(1)
	if npos > 0 && nneg > npos {
		rate = min(int64(nneg/npos), 8)
	}
	init := make([]int64, NumBuckets)
	for _, table := range allRules() {
		for _, r := range table {
			if r.Strong {
				init[fnv1a('s', r.ID)] += strongPrior
			}
		}
	}
	m.w = perceptron(rows, init, epochs, func(r row) (int64, int64) {
		if r.y > 0 {
			return 1, rate
		}
		return -1, 1
	})
	for c := Hidden; c < numClasses; c++ {
		m.class[c] = perceptron(rows, make([]int64, ClassBuckets), epochs, func(r row) (int64, int64) {
			switch {
			case r.y < 0 || r.class == Support:
				return 0, 0 // the class model learns among labelled attacks only
			case r.class == c:
				return 1, 1
			}
			return -1, 1
		})
	}
	var strong, sig, nosig []int32
	none, near := int32(-1<<31), int32(-1<<31)
	for _, r := range rows {
		if r.y > 0 {
			continue
		}
		switch {
		case r.level == 2:
			strong = append(strong, m.score(r.fs))
		case r.level == 1:
			sig = append(sig, m.score(r.fs))
		case r.support:
			nosig = append(nosig, m.score(r.fs))
		case r.near:
			near = max(near, m.score(r.fs))
		default:
			none = max(none, m.score(r.fs))
		}
	}
	m.threshold = quantile(sig, fp, 1000)
	m.strong = min(quantile(strong, strongFP, 1000), m.threshold)
	m.bare = max(quantile(nosig, bare, 100000), m.threshold)
	// No signal: above the highest benign string, with a margin of
	// noneMargin, since that maximum is in-sample.
	m.none = max(none+noneMargin, m.bare)
	m.near = max(near+nearMargin, m.bare)
	return m.encode()
}

// quantile is the score that per out of every `of` values exceed.
func quantile(v []int32, per, of int) int32 {
	if len(v) == 0 {
		return 0
	}
	sort.Slice(v, func(i, j int) bool { return v[i] > v[j] })
	return v[min(len(v)*per/of, len(v)-1)]
}

// strongFP is the share (per thousand) of benign training strings with a
// Strong signal allowed above the strong threshold: those signals are rare
// in benign text, so a loose share is few strings.
const strongFP = 200

// noneMargin lifts the no-signal threshold above the highest benign
// training string's score (in weight units): in-sample scores are lower
// than on new text.
const noneMargin = 3000

// nearMargin is noneMargin for strings where a rule missed by one slot:
// chosen by leave-one-file-out cross-validation on the tuning sets (1,500,
// 800, 300, 0 tried; 0 pushed the npm corpus over its ratchet).
const nearMargin = 300

// strongPrior is the starting weight of a Strong rule's signal, in update
// units: about what a dozen training mistakes would move it.
const strongPrior = 30

// perceptron trains one averaged perceptron from the weights init (its
// length is the bucket count; features are folded into it); label gives
// each row's target (+1, -1, or 0 to skip) and update rate.
func perceptron(rows []row, init []int64, epochs int, label func(row) (int64, int64)) []int16 {
	buckets := len(init)
	w := init
	u := make([]int64, buckets)
	c := int64(1)
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	seed := uint64(0x9E3779B97F4A7C15)
	for ep := 0; ep < epochs; ep++ {
		for i := len(order) - 1; i > 0; i-- { // Fisher-Yates with xorshift
			seed ^= seed << 13
			seed ^= seed >> 7
			seed ^= seed << 17
			j := int(seed % uint64(i+1))
			order[i], order[j] = order[j], order[i]
		}
		for _, i := range order {
			y, rate := label(rows[i])
			if y == 0 {
				continue
			}
			var s int64
			for _, f := range rows[i].fs {
				s += w[int(f)%buckets]
			}
			if y*s <= 0 {
				d := y * rate
				for _, f := range rows[i].fs {
					w[int(f)%buckets] += d
					u[int(f)%buckets] += d * c
				}
			}
			c++
		}
	}
	q := make([]int16, buckets)
	for i := range w {
		v := (w[i]*c - u[i]) * 16 / c
		q[i] = int16(max(min(v, 32767), -32768))
	}
	return q
}

// hasClass reports a signal that names a technique.
func hasClass(sigs []signal) bool {
	for _, s := range sigs {
		if s.rule.Class != Support {
			return true
		}
	}
	return false
}
