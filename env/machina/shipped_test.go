package machina

// The engine's tests play the shipped content, which the loader
// (env/machina/content) reads; the loader imports this package, so only an
// external test file may import it: content_link_test.go sets
// shippedForTest from its init, before any test runs.
var shippedForTest func() (*Content, error)

// SetShippedForTest gives the engine's tests the shipped content's loader.
func SetShippedForTest(f func() (*Content, error)) { shippedForTest = f }

// Shipped returns the shipped content for the engine's tests.
func Shipped() (*Content, error) { return shippedForTest() }
