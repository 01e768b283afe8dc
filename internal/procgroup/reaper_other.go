//go:build !linux

package procgroup

// becomeReaper is Linux only: elsewhere a double-forked grandchild that
// leaves the process group is re-parented to init and survives.
func becomeReaper() {}

// ReapOrphans is Linux only (see becomeReaper).
func ReapOrphans() {}
