// Package model holds Assay's two documents: the bundle (what was observed)
// and the findings (what Assay concludes). Every other package reads or
// writes these types; they are the contract other tools rely on.
//
// # Guarantees
//
// Both documents carry a "kind" naming their schema and major version
// ("assay.bundle/v1", "assay.findings/v1"). Within v1:
//   - fields may be added (readers must ignore unknown fields);
//   - no field is removed, renamed or changes type or meaning;
//   - enumerations (effect, kinds, tier, category, severity) may only grow
//     by a minor version of Assay; finding ids are never reused;
//   - arrays are in a documented deterministic order, so the same input
//     gives byte-identical output.
//
// A change that breaks any of these moves to v2.
//
// This package is pure: no os, net or clock. It is compiled to WebAssembly.
package model
