package collectkit

// What a lock records about how each server starts (collectkit/pin reads
// it): the launch data of every target paired with the identity its
// surface carries in the merged bundle, and the argument redaction
// collection itself uses (ResolveProgram, in plan.go, finds the program).

// Launches returns every target of the run by the identity of its server
// in the merged bundle: --server targets by their own identity,
// configured ones by their config identity. Call it after Targets. The
// targets hold launch data that may be secret: never print or write them.
func (s *Sources) Launches() map[string]Target {
	out := make(map[string]Target, len(s.Servers)+len(s.Configured))
	for i, t := range s.Configured {
		out[s.ids[i][0]] = t
	}
	for _, t := range s.Servers {
		out[serverShell(t).Identity] = t
	}
	return out
}

// ShownArgs are arguments as the consent plan shows them: the bundle's
// redaction, plus every value of a credential-named flag hidden.
func ShownArgs(args []string) []string { return shownArgs(args) }
