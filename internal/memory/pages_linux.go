package memory

import "syscall"

// advise tells the kernel to back b, whole 2 MB pages, with huge pages or with small ones
// (madvise MADV_HUGEPAGE or MADV_NOHUGEPAGE, which the transparent huge pages of the
// "madvise" setting, a common default, wait for). Its error is a hint refused: ignored.
func advise(b []byte, huge bool) {
	advice := syscall.MADV_NOHUGEPAGE
	if huge {
		advice = syscall.MADV_HUGEPAGE
	}
	_ = syscall.Madvise(b, advice)
}
