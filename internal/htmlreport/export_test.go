package htmlreport

// Unbase122 decodes the page's core block for the external tests.
var Unbase122 = unbase122
