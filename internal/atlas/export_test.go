package atlas

// GroupsOf lets the external tests build the atlas of a few types.
var GroupsOf = groupsOf

// Distances lets the external tests read each layout's distance to a solved one (nil when
// its context ends first).
var Distances = distances

// Unreached is Distances' distance of a layout that reaches no solved one.
const Unreached = unreached
