package squadron

import (
	"bytes"
	"encoding/binary"
	"testing"

	"scramble/engine"
)

// TestEncodeMatchesBinary: the hand-written encoding of the position that
// State.String prints is byte for byte what encoding/binary writes, so it
// holds every field of core (a field added to core and not to encode.go
// fails here), along random games with every option.
func TestEncodeMatchesBinary(t *testing.T) {
	st, err := New().New(engine.Options{"players": "3", "aces": "3", "hidden": "1", "specialization": "true", "mulligan": "true"})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(2)
	for step := 0; s.Current() != engine.Terminal; step++ {
		var want bytes.Buffer
		if err := binary.Write(&want, binary.LittleEndian, &s.core); err != nil {
			t.Fatal(err)
		}
		if got := s.core.bytes(nil); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("step %d: %d bytes encoded, encoding/binary writes %d; encode.go misses or misorders a field", step, len(got), want.Len())
		}
		if cur := s.Current(); cur == engine.Chance {
			s.Roll(r)
		} else {
			l := s.Legal(cur, nil)
			if err := s.Apply(cur, l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
