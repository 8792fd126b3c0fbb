package serve

import (
	"bytes"
	"compress/zlib"
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/render"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// Render implements EnvService: a drawing of one env of a session, made only
// when asked (nothing on Step or Stream draws).
func (s *Server) Render(ctx context.Context, req *pb.RenderRequest) (*pb.RenderResponse, error) {
	ss, err := s.acquire(ctx, req.SessionId, req.SessionSecret)
	if err != nil {
		return nil, err
	}
	defer s.release(ss)
	return ss.render(req.Env, req.Viewer, req.Format)
}

func (s *session) render(i, viewer int32, format string) (*pb.RenderResponse, error) {
	if _, err := s.checkIndices("render", []int32{i}); err != nil {
		return nil, err
	}
	if viewer < int32(render.Spectator) || int(viewer) >= len(s.spec.Agents) {
		return nil, status.Errorf(codes.InvalidArgument, "render: viewer %d is out of range: want -1 (the acting seat), %d (a spectator: every seat's cards, no deck's order) or 0 to %d", viewer, render.Spectator, len(s.spec.Agents)-1)
	}
	if !s.started[i] {
		return nil, status.Errorf(codes.FailedPrecondition, "render: env %d has not been reset: call Reset first", i)
	}
	st := s.envs[i].State()
	v := game.AgentID(viewer)
	if v == -1 {
		v = max(st.Prompt().Actor, 0)
	}
	sc, err := render.Draw(st, v)
	if err != nil {
		return nil, status.Error(codes.Unimplemented, err.Error())
	}
	r := &pb.RenderResponse{Height: int32(sc.H), Width: int32(sc.W), Format: format}
	switch format {
	case "", "rgb":
		r.Format, r.Data = "rgb", sc.Frame()
	case "rgb_zlib":
		// The frame zlib-compressed: a 1280×800 frame is 3 MB raw, over the
		// default 1 MiB message limit of a client or a server started with
		// a small --max-message-mb; the drawings' flat colours compress to a
		// few percent of it. The Python client asks for this form.
		var b bytes.Buffer
		w, _ := zlib.NewWriterLevel(&b, zlib.BestSpeed)
		if _, err := w.Write(sc.Frame()); err != nil {
			return nil, status.Error(codes.Internal, err.Error())
		}
		if err := w.Close(); err != nil {
			return nil, status.Error(codes.Internal, err.Error())
		}
		r.Data = b.Bytes()
	case "png":
		var b bytes.Buffer
		if err := sc.PNG(&b); err != nil {
			return nil, status.Error(codes.Internal, err.Error())
		}
		r.Data = b.Bytes()
	case "svg":
		r.Data = sc.SVG()
	default:
		return nil, status.Errorf(codes.InvalidArgument, "render: format %q: want rgb, rgb_zlib, png or svg", format)
	}
	return r, nil
}
