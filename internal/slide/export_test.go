package slide

// KeepsCovered reports whether bd's bit-board engine, if it has one, keeps the covered cells
// in its keys (TestAgreeWide wants boards where it does not).
func KeepsCovered(bd *Board) bool {
	bb, ok := bd.engine(Options{}, false).(*bitBoard)
	return !ok || bb.hasOcc
}

// HasBitBoards reports whether bd's searches use the bit boards.
func HasBitBoards(bd *Board) bool {
	_, ok := bd.engine(Options{}, false).(*bitBoard)
	return ok
}

// Mirrors reports whether bd's searches keep one of each mirror pair.
func Mirrors(bd *Board) bool {
	bb, ok := bd.engine(Options{}, true).(*bitBoard)
	return ok && bb.mirror
}
