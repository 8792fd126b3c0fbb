// Package render draws the table of each game as a picture: a structured
// public view of a state from one seat (what that seat may know, the same
// information the observation encoders read), laid out as a [Scene] of
// rectangles, lines, circles and text. A scene is written as SVG text
// ([Scene.SVG]) and rasterized ([Scene.Frame]) to the H×W×3 uint8 frames of
// Gymnasium's rgb_array mode, with the Go fonts embedded so that a frame is
// the same on every machine.
//
// Rendering is for people and video; nothing on the step path calls it.
package render
