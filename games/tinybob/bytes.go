package tinybob

// Byte-wise arithmetic on all the rows at once (a "SIMD within a register"):
// the five values of a row array, or the six places of the red dice, pack
// into one uint64, a byte each, row 1 in the lowest byte. Every value on the
// board is 0..7, so adding at most 0x80 to each byte never carries into the
// next one. The masks of legal actions and the Luftwaffe's moves in phases 5
// and 7 use it: a few instructions for the whole board instead of a loop.

// lowBits holds 1 in the lowest bit of each byte.
const lowBits = 0x0101010101010101

// rowsWord packs a row array, row 1 in the lowest byte; the bytes above the
// rows are 0.
func rowsWord(a *[numRows]int8) uint64 {
	return uint64(uint8(a[0])) | uint64(uint8(a[1]))<<8 | uint64(uint8(a[2]))<<16 |
		uint64(uint8(a[3]))<<24 | uint64(uint8(a[4]))<<32
}

// setRows unpacks the five lowest bytes of w into a row array.
func setRows(a *[numRows]int8, w uint64) {
	a[0], a[1], a[2], a[3], a[4] = int8(w), int8(w>>8), int8(w>>16), int8(w>>24), int8(w>>32)
}

// placesWord packs the pips of the six places of red dice, the Reserve in the
// sixth byte.
func placesWord(a *[numPlaces]int8) uint64 {
	return uint64(uint8(a[0])) | uint64(uint8(a[1]))<<8 | uint64(uint8(a[2]))<<16 |
		uint64(uint8(a[3]))<<24 | uint64(uint8(a[4]))<<32 | uint64(uint8(a[5]))<<40
}

// atLeastEach holds 1 in the lowest bit of each byte of w (each 0..7) that is
// at least k (0 <= k <= 8), and 0 in every other bit.
func atLeastEach(w, k uint64) uint64 {
	return (w + (0x80-k)*lowBits) >> 7 & lowBits
}

// eachBit gathers the lowest bits of the eight bytes of w, which holds no
// other bit, into bits 0..7: byte i gives bit i. (The multiplication moves bit
// 8i to bit 56+i and puts every other product out of the top byte, without
// carries.)
func eachBit(w uint64) uint {
	return uint(w * 0x0102040810204080 >> 56)
}
