/**
 * Where a drawing sits in its frame (pure: sizes in, a view out, so it is tested without a browser).
 * A view is a scale and the drawing's top-left corner in the frame's pixels. A diagram opens fitted
 * — whole inside the frame, centred — and whatever the zoom, an axis on which the drawing is
 * smaller than the frame is centred and an axis on which it is larger is kept covering the frame:
 * zooming or dragging never leaves the drawing in a corner of an empty frame (issue 31 item 9).
 */
export interface Size { width: number; height: number }
export interface View { scale: number; x: number; y: number }

/** room between the fitted drawing and the frame's border, px */
export const FIT_MARGIN = 8;
/** A fitted drawing is never shown above this: a machine of three states opened at 400 % as one huge box. */
export const LARGEST_FIT_SCALE = 1.5;
export const MAX_SCALE = 4;

/** The scale at which the whole drawing fits the frame (within its margin), at most LARGEST_FIT_SCALE. */
export function fitScale(natural: Size, frame: Size): number {
  const room = (frameSide: number, side: number) => Math.max(1, frameSide - 2 * FIT_MARGIN) / Math.max(1, side);
  return Math.min(LARGEST_FIT_SCALE, room(frame.width, natural.width), room(frame.height, natural.height));
}

/** The smallest zoom: the fit, or 100 % for a drawing small enough to be fitted above it (zooming out past the whole drawing shows nothing more). */
export const minScale = (natural: Size, frame: Size): number => Math.min(1, fitScale(natural, frame));

/** One axis: centred when the drawing is the smaller, else kept covering the frame (margin included). */
function place(offset: number, drawn: number, frame: number): number {
  if (drawn + 2 * FIT_MARGIN <= frame) return (frame - drawn) / 2;
  return Math.min(FIT_MARGIN, Math.max(frame - drawn - FIT_MARGIN, offset));
}

/** The view as allowed: scale within [minScale, MAX_SCALE], each axis centred or covering (see above). */
export function placeView(view: View, natural: Size, frame: Size): View {
  const scale = Math.min(MAX_SCALE, Math.max(minScale(natural, frame), view.scale));
  return {
    scale,
    x: place(view.x, natural.width * scale, frame.width),
    y: place(view.y, natural.height * scale, frame.height),
  };
}

/** The whole drawing, centred. */
export const fitView = (natural: Size, frame: Size): View => placeView({ scale: fitScale(natural, frame), x: 0, y: 0 }, natural, frame);

/** Zoomed by `factor` about a point of the frame: what is under it stays there (unless placeView has to move it). */
export function zoomView(view: View, factor: number, at: { x: number; y: number }, natural: Size, frame: Size): View {
  const scale = Math.min(MAX_SCALE, Math.max(minScale(natural, frame), view.scale * factor));
  const k = scale / view.scale;
  return placeView({ scale, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k }, natural, frame);
}

/**
 * The frame's height for a drawing: what the fit to the frame's width needs, up to `largest`
 * (a wide, short machine gets a short frame, not a tall empty one).
 */
export function frameHeight(natural: Size, frameWidth: number, largest: number, smallest = 160): number {
  const byWidth = Math.min(LARGEST_FIT_SCALE, Math.max(1, frameWidth - 2 * FIT_MARGIN) / Math.max(1, natural.width));
  return Math.round(Math.min(largest, Math.max(smallest, natural.height * byWidth + 2 * FIT_MARGIN)));
}
