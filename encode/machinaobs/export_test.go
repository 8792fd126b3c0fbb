package machinaobs

// Overflows is the number of uint8 values out of range written so far.
func Overflows() int64 { return overflows.Load() }

// LastOverflow is the offset and value of the last uint8 value out of range.
func LastOverflow() (off int, v int16) {
	x := overflowAt.Load()
	return int(x >> 16), int16(uint16(x))
}
