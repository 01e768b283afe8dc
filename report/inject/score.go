package inject

import (
	_ "embed"
	"encoding/binary"
	"sync"
)

// The scorer is a linear model over the hashed features (features.go):
// the sum of the weights of a string's features, compared with a
// threshold. Weights and threshold are produced by Train (train.go) from
// the training sets named in internal/injtrain and committed as
// weights.bin; `make train` regenerates them bit for bit and a test checks
// that the committed file is what the trainer makes.

//go:embed weights.bin
var weightsBin []byte

// weights is the decoded weights file.
type weights struct {
	// strong applies when a Strong rule fired, threshold when another
	// class signal did, bare when only supporting signals did (the class
	// then comes from the class model).
	// none applies when no signal fired at all: the words alone must
	// weigh more than on any benign training string.
	// near applies when no signal fired but a rule missed by one slot.
	strong, threshold, bare, near, none int32
	w                                   []int16             // injection or not, NumBuckets
	class                               [numClasses][]int16 // which technique, ClassBuckets each
}

// ClassBuckets is the size of each class model's (folded) feature space.
const ClassBuckets = 1 << 12

const weightsMagic = "ASSAYINJ6"

var theModel = sync.OnceValue(func() *weights { return decodeWeights(weightsBin) })

// weightsSize is the exact length of a weights file.
const weightsSize = len(weightsMagic) + 20 + 2*NumBuckets + 2*int(numClasses)*ClassBuckets

// decodeWeights reads the file Train writes: magic, the five thresholds
// (int32 LE), NumBuckets int16 LE weights, then ClassBuckets int16 LE
// weights per class in class order. A file of the wrong shape gives a
// model that scores nothing above its thresholds, so no finding is made
// from a broken file (the weights test fails loudly instead).
func decodeWeights(b []byte) *weights {
	m := &weights{strong: 1 << 30, threshold: 1 << 30, bare: 1 << 30, near: 1 << 30, none: 1 << 30, w: make([]int16, NumBuckets)}
	for c := range m.class {
		m.class[c] = make([]int16, ClassBuckets)
	}
	if len(b) != weightsSize || string(b[:len(weightsMagic)]) != weightsMagic {
		return m
	}
	b = b[len(weightsMagic):]
	m.strong = int32(binary.LittleEndian.Uint32(b))
	m.threshold = int32(binary.LittleEndian.Uint32(b[4:]))
	m.bare = int32(binary.LittleEndian.Uint32(b[8:]))
	m.near = int32(binary.LittleEndian.Uint32(b[12:]))
	m.none = int32(binary.LittleEndian.Uint32(b[16:]))
	b = b[20:]
	for i := range m.w {
		m.w[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	b = b[2*NumBuckets:]
	for c := range m.class {
		for i := range m.class[c] {
			m.class[c][i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
		}
		b = b[2*ClassBuckets:]
	}
	return m
}

// encode is decodeWeights's inverse.
func (m *weights) encode() []byte {
	out := make([]byte, 0, weightsSize)
	out = append(out, weightsMagic...)
	out = binary.LittleEndian.AppendUint32(out, uint32(m.strong))
	out = binary.LittleEndian.AppendUint32(out, uint32(m.threshold))
	out = binary.LittleEndian.AppendUint32(out, uint32(m.bare))
	out = binary.LittleEndian.AppendUint32(out, uint32(m.near))
	out = binary.LittleEndian.AppendUint32(out, uint32(m.none))
	for _, x := range m.w {
		out = binary.LittleEndian.AppendUint16(out, uint16(x))
	}
	for c := range m.class {
		for _, x := range m.class[c] {
			out = binary.LittleEndian.AppendUint16(out, uint16(x))
		}
	}
	return out
}

// score sums the weights of the features.
func (m *weights) score(fs []uint32) int32 {
	var s int32
	for _, f := range fs {
		s += int32(m.w[f])
	}
	return s
}

// bestClass is the technique the class model rates highest. Support,
// hidden text and encoded payloads are never its answer: those come from
// the characters and the decoder, and the class model is not trained on
// them.
func (m *weights) bestClass(fs []uint32) Class {
	best, bs := Override, int32(-1<<31)
	for c := Hidden; c < numClasses; c++ {
		if c == Hidden || c == Encoded {
			continue
		}
		var s int32
		for _, f := range fs {
			s += int32(m.class[c][f%ClassBuckets])
		}
		if s > bs {
			best, bs = c, s
		}
	}
	return best
}

// Explain returns the rules that fire on text, its score and the
// threshold: what a finding about the text would cite (used by the
// trainer's evaluation to tell a missing signal from a low score).
func Explain(text, kind string, sc *Scope) (rules []string, score, threshold int32) {
	sigs, toks, cx := theMatcher().signals(Normalize(text).Text, sc, newScratch())
	for _, s := range sigs {
		rules = append(rules, s.rule.ID)
	}
	m := theModel()
	return rules, m.score(features(sigs, toks, cx, kind, nil)), m.thresholdFor(sigs, cx.nearAny())
}

// UseWeights replaces the committed weights with b for the rest of the
// process. Only the trainer's cross-validation calls it (to score sets
// left out of a training run); it is not safe while a scan runs.
func UseWeights(b []byte) {
	m := decodeWeights(b)
	theModel = func() *weights { return m }
}

// thresholdFor is the threshold that applies to a string with sigs (near:
// no signal, but a rule missed by one slot).
func (m *weights) thresholdFor(sigs []signal, near bool) int32 {
	switch level(sigs) {
	case 2:
		return m.strong
	case 1:
		return m.threshold
	}
	switch {
	case len(sigs) == 0 && near:
		return m.near
	case len(sigs) == 0:
		return m.none
	}
	return m.bare
}

// level is 2 when a Strong rule fired, 1 when another class signal did,
// 0 otherwise.
func level(sigs []signal) int {
	l := 0
	for _, s := range sigs {
		switch {
		case s.rule.Class == Support:
		case s.rule.Strong:
			return 2
		default:
			l = 1
		}
	}
	return l
}
