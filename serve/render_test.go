package serve

import (
	"bytes"
	"compress/zlib"
	"image/png"
	"io"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/mythos-rl/mythos/render"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// TestRender: the Render call draws an env as an H×W×3 frame, a PNG or an
// SVG; it refuses an env not yet reset, a bad format and a game with no
// drawing.
func TestRender(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: "MachinaArcana/TheFrozenEngine-v0", NumEnvs: 1})
	id := o.SessionId
	_, err := h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Viewer: -1})
	wantCode(t, err, codes.FailedPrecondition, "has not been reset")
	h.reset(id, 4)
	r, err := h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Viewer: -1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Format != "rgb" || r.Height <= 0 || r.Width <= 0 || len(r.Data) != int(r.Height*r.Width*3) {
		t.Fatalf("rgb: %s %d×%d, %d bytes", r.Format, r.Height, r.Width, len(r.Data))
	}
	z, err := h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Viewer: -1, Format: "rgb_zlib"})
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zlib.NewReader(bytes.NewReader(z.Data))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(raw, r.Data) || len(z.Data) > 1<<20 {
		t.Fatalf("rgb_zlib: %v, %d bytes compressed, equal to rgb: %v", err, len(z.Data), bytes.Equal(raw, r.Data))
	}
	p, err := h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Viewer: 0, Format: "png"})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(p.Data))
	if err != nil || img.Bounds().Dx() != int(r.Width) || img.Bounds().Dy() != int(r.Height) {
		t.Fatalf("png: %v", err)
	}
	s, err := h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Format: "svg"})
	if err != nil || !bytes.HasPrefix(s.Data, []byte("<svg")) {
		t.Fatalf("svg: %v", err)
	}
	_, err = h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Format: "gif"})
	wantCode(t, err, codes.InvalidArgument, "format")
	_, err = h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Viewer: 9})
	wantCode(t, err, codes.InvalidArgument, "viewer 9")
	_, err = h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Viewer: -3})
	wantCode(t, err, codes.InvalidArgument, "viewer -3")
	spec, err := h.client.Render(h.ctx, &pb.RenderRequest{SessionId: id, Viewer: int32(render.Spectator), Format: "svg"})
	if err != nil || !bytes.Contains(spec.Data, []byte(render.SpectatorLabel)) || bytes.Contains(s.Data, []byte(render.SpectatorLabel)) {
		t.Fatalf("spectator svg: %v; marked %v, the seat's marked %v", err, bytes.Contains(spec.Data, []byte(render.SpectatorLabel)), bytes.Contains(s.Data, []byte(render.SpectatorLabel)))
	}

	f := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	h.reset(f.SessionId, 1)
	_, err = h.client.Render(h.ctx, &pb.RenderRequest{SessionId: f.SessionId})
	wantCode(t, err, codes.Unimplemented, "no drawing")
}
