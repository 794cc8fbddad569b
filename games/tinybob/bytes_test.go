package tinybob

import "testing"

// The byte-wise helpers agree with plain comparisons on every value 0..7 in
// every byte, for every threshold 0..8, and the row arrays pack and unpack
// unchanged.
func TestBytewise(t *testing.T) {
	for k := range uint64(9) {
		for v := range uint64(8) {
			for i := range 8 {
				w := v << (8 * i)
				want := uint(0)
				if v >= k {
					want = 1 << i
				}
				if k == 0 { // every byte of w, the zero ones too, is at least 0
					want = 0xff
				}
				if got := eachBit(atLeastEach(w, k)); got != want {
					t.Fatalf("value %d in byte %d, at least %d: %08b, want %08b", v, i, k, got, want)
				}
			}
		}
	}
	a := [numRows]int8{0, 6, 3, 1, 5}
	var b [numRows]int8
	setRows(&b, rowsWord(&a))
	if a != b {
		t.Errorf("rows %v unpacked as %v", a, b)
	}
	p := [numPlaces]int8{6, 0, 2, 0, 1, 4}
	if w := placesWord(&p); w != 0x040100020006 {
		t.Errorf("places %v packed as %#x", p, w)
	}
}
