package benchmarks

import (
	"math"

	"gonum.org/v1/gonum/stat"
)

// MeanInterval returns the mean of xs and its normal-approximation interval
// at quantile z (use [Z95] for 95%): mean ± z·s/√n, s the sample standard
// deviation. With fewer than two values the interval is the mean itself.
func MeanInterval(xs []float64, z float64) (mean, lo, hi float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	mean, sd := stat.MeanStdDev(xs, nil)
	if len(xs) < 2 {
		return mean, mean, mean
	}
	half := z * sd / math.Sqrt(float64(len(xs)))
	return mean, mean - half, mean + half
}
