package render

import "math"

// layoutGraph places n nodes connected by edges in the box [0,w]×[0,h] with
// a deterministic force-directed layout (no random numbers: the nodes start
// on a circle in index order). group[i] ≥ 0 pulls nodes of one group
// together. The result depends only on its arguments.
func layoutGraph(n int, edges [][2]int, group []int, w, h float64) [][2]float64 {
	pos := make([][2]float64, n)
	for i := range pos {
		a := 2 * math.Pi * float64(i) / float64(max(n, 1))
		pos[i] = [2]float64{w/2 + w*0.4*math.Cos(a), h/2 + h*0.4*math.Sin(a)}
	}
	k := math.Sqrt(w * h / float64(max(n, 1)))
	disp := make([][2]float64, n)
	temp := w / 8
	for it := 0; it < 600; it++ {
		for i := range disp {
			disp[i] = [2]float64{}
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				dx, dy := pos[i][0]-pos[j][0], pos[i][1]-pos[j][1]
				d := math.Max(math.Hypot(dx, dy), 0.01)
				f := k * k / d
				disp[i][0] += dx / d * f
				disp[i][1] += dy / d * f
				disp[j][0] -= dx / d * f
				disp[j][1] -= dy / d * f
				if group != nil && group[i] >= 0 && group[i] == group[j] {
					a := d * d / k * 1.5
					disp[i][0] -= dx / d * a
					disp[i][1] -= dy / d * a
					disp[j][0] += dx / d * a
					disp[j][1] += dy / d * a
				}
			}
		}
		for _, e := range edges {
			i, j := e[0], e[1]
			dx, dy := pos[i][0]-pos[j][0], pos[i][1]-pos[j][1]
			d := math.Max(math.Hypot(dx, dy), 0.01)
			f := d * d / k
			disp[i][0] -= dx / d * f
			disp[i][1] -= dy / d * f
			disp[j][0] += dx / d * f
			disp[j][1] += dy / d * f
		}
		for i := range pos {
			d := math.Max(math.Hypot(disp[i][0], disp[i][1]), 0.01)
			m := math.Min(d, temp)
			pos[i][0] = math.Min(w, math.Max(0, pos[i][0]+disp[i][0]/d*m))
			pos[i][1] = math.Min(h, math.Max(0, pos[i][1]+disp[i][1]/d*m))
		}
		temp = math.Max(temp*0.99, 1)
	}
	// Stretch to fill the box.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pos {
		minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
		minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
	}
	for i := range pos {
		if maxX > minX {
			pos[i][0] = (pos[i][0] - minX) / (maxX - minX) * w
		}
		if maxY > minY {
			pos[i][1] = (pos[i][1] - minY) / (maxY - minY) * h
		}
	}
	return pos
}
