package cache

import "testing"

func TestKeyParts(t *testing.T) {
	a := Key("1", "inject", "", "c", "x", "y")
	for _, other := range []string{
		Key("2", "inject", "", "c", "x", "y"),
		Key("1", "classify", "", "c", "x", "y"),
		Key("1", "inject", "o", "c", "x", "y"),
		Key("1", "inject", "", "d", "x", "y"),
		Key("1", "inject", "", "c", "xy"),
		Key("1", "inject", "", "c", "x", "y", ""),
	} {
		if other == a {
			t.Errorf("distinct parts gave the same key %s", a)
		}
	}
	if Key("1", "inject", "", "c", "x", "y") != a {
		t.Error("key is not deterministic")
	}
	if Raw([]byte("ab"), []byte("c")) == Raw([]byte("a"), []byte("bc")) {
		t.Error("Raw parts are not length-prefixed")
	}
}

func TestMemo(t *testing.T) {
	var nilMemo *Memo
	nilMemo.Put("k", 1)
	if _, ok := nilMemo.Get("k"); ok {
		t.Error("a nil memo caches nothing")
	}
	m := New()
	m.Put("k", 1)
	if v, ok := m.Get("k"); !ok || v.(int) != 1 {
		t.Errorf("got %v %v", v, ok)
	}
	m.Get("missing")
	if h, mi := m.Stats(); h != 1 || mi != 1 {
		t.Errorf("stats %d hits %d misses", h, mi)
	}
}
