import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, fitView, frameHeight, placeView, zoomView, type Size, type View } from './diagram-fit.ts';

const frame: Size = { width: 1000, height: 500 };
/** where the drawing lies in the frame at a view */
const drawn = (v: View, n: Size) => ({ left: v.x, top: v.y, right: v.x + n.width * v.scale, bottom: v.y + n.height * v.scale });

describe('diagram fit', () => {
  it('fits a tall drawing whole, by its height, centred across', () => {
    const natural = { width: 1200, height: 1600 };
    const v = fitView(natural, frame);
    expect(v.scale).toBeCloseTo((500 - 2 * FIT_MARGIN) / 1600);
    const d = drawn(v, natural);
    expect(d.top).toBeCloseTo(FIT_MARGIN);
    expect(d.bottom).toBeCloseTo(500 - FIT_MARGIN);
    expect((d.left + d.right) / 2).toBeCloseTo(500); // centred: the old view sat at the left, its lower half cut off
  });

  it('fits a wide drawing by its width, centred up and down', () => {
    const natural = { width: 3000, height: 400 };
    const v = fitView(natural, frame);
    expect(v.scale).toBeCloseTo((1000 - 2 * FIT_MARGIN) / 3000);
    const d = drawn(v, natural);
    expect(d.left).toBeCloseTo(FIT_MARGIN);
    expect((d.top + d.bottom) / 2).toBeCloseTo(250);
  });

  it('opens a small drawing at 150 % at most, centred', () => {
    const natural = { width: 200, height: 100 };
    const v = fitView(natural, frame);
    expect(v).toEqual({ scale: 1.5, x: (1000 - 300) / 2, y: (500 - 150) / 2 });
  });

  it('does not zoom out past the whole drawing, and keeps it centred', () => {
    const natural = { width: 2000, height: 2000 };
    const fitted = fitView(natural, frame);
    expect(zoomView(fitted, 0.8, { x: 0, y: 0 }, natural, frame)).toEqual(fitted);
    // a small drawing may go down to 100 %, centred, not in the top-left corner
    const small = { width: 200, height: 100 };
    const v = zoomView(fitView(small, frame), 0.5, { x: 0, y: 0 }, small, frame);
    expect(v).toEqual({ scale: 1, x: 400, y: 200 });
  });

  it('zooms about the pointer, and a drag cannot pull a larger drawing off the frame', () => {
    const natural = { width: 2000, height: 1000 };
    const fitted = fitView(natural, frame);
    const at = { x: 300, y: 200 };
    const v = zoomView(fitted, 2, at, natural, frame);
    expect(v.scale).toBeCloseTo(fitted.scale * 2);
    // the point under the pointer stays under it: (at − offset) / scale is the same drawing point
    expect((at.x - v.x) / v.scale).toBeCloseTo((at.x - fitted.x) / fitted.scale);
    expect((at.y - v.y) / v.scale).toBeCloseTo((at.y - fitted.y) / fitted.scale);
    // dragged far to the left: the drawing's right edge stops at the frame's (less the margin)
    const dragged = placeView({ ...v, x: -5000 }, natural, frame);
    expect(drawn(dragged, natural).right).toBeCloseTo(1000 - FIT_MARGIN);
    expect(placeView({ ...v, x: 5000 }, natural, frame).x).toBe(FIT_MARGIN);
  });

  it('gives a wide, short drawing a frame no taller than its fit needs', () => {
    expect(frameHeight({ width: 2000, height: 300 }, 1016, 640)).toBe(Math.round(300 * 0.5 + 2 * FIT_MARGIN));
    expect(frameHeight({ width: 800, height: 3000 }, 1016, 640)).toBe(640);
    expect(frameHeight({ width: 100, height: 40 }, 1016, 640)).toBe(160);
  });
});
