//go:build !linux

package serve

import "errors"

// sharedMemorySupported reports whether this build serves shared memory:
// only Linux does; elsewhere OpenRequest.shared_memory is never granted and
// sessions are served over gRPC.
const sharedMemorySupported = false

// sharedServer is empty where shared memory is not served.
type sharedServer struct{}

var errNoSharedMemory = errors.New("shared memory is served on Linux only")

func newSharedMem(n, nf, ni, nb, nu int) (*sharedMem, error) { return nil, errNoSharedMemory }

func (m *sharedMem) unmap() {}

func (m *sharedMem) shutdownConn() {}

func (s *Server) sharedListen() (string, error) { return "", errNoSharedMemory }

func (s *Server) stopShared() {}

// PendingAttaches is 0 where shared memory is not served.
func (s *Server) PendingAttaches() int { return 0 }
