package search

// Allocated is allocated, for the tests that hold it to the runtime's counts.
var Allocated = allocated
