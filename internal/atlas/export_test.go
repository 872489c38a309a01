package atlas

// GroupsOf lets the external tests build the atlas of a few types.
var GroupsOf = groupsOf
