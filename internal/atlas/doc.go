// Package atlas holds the whole state space of the 4x5 sliding-block game (Klotski, Hua Rong
// Dao): every legal layout (one 2x2, any number of 1x2, 2x1 and 1x1 pieces, at least two
// empty cells; pieces of one shape interchangeable), its codes, the groups the moves split
// them into, and each group's hardest layout.
//
// A Layout is 64 bits: the 2x2's cell and three 20-bit masks. Its common code (Code) is the
// 36-bit name the reference engine, dnomd343/klotski, gives it; its rank (Rank) is its place
// among all 29,334,498 layouts in code order, written in base 32 as the short code.
//
// Ranks come from counting, not from a table: a layout is filled row by row, and what rows
// below can hold depends only on a small state (which cells of the next row are covered
// already, how many empty cells so far), so a rank is a sum of one precomputed count per
// row. The same holds within one type (piece set, kept by every move) with the pieces
// placed so far in the state: TypeIndex numbers a type's layouts densely with tables of tens
// of kilobytes, so a set of a type's layouts is a small array. A move takes a piece's
// symbol out of one row's key and puts it into another's, so the rank of a layout one move
// from a known one is that one's with a few rows looked up again, the keys XORed, and no
// layout taken apart (walk, forwardRanks, movesRanked).
//
// Groups joins each type's layouts by union-find along the steps right and down, which is
// every edge of the move graph once, over the layouts in order (so each comes with its
// rows' states for free); types run in parallel, each on one goroutine. Atlas.Hardest then
// runs, per type, one breadth-first search under the game's move (one piece any distance
// along any path) from every solved layout at once: the groups of a type never meet, so
// each layout gets its distance to the nearest solved layout of its own group. The search
// also labels each layout with the solved layout its way began at and joins the labels an
// edge puts side by side, so it ends knowing the groups again without a second union-find
// over the layouts (which would look at every layout's steps once more).
package atlas
