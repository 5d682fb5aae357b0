// A 大屏 on any display (DESIGN §9): the fixed-size canvas scaled to fit its box whole, centred, with bars on the
// sides or above and below (letterboxed). One CSS transform does it: the cards stay DOM, so text is drawn at the
// display's resolution, never stretched as a picture.
export interface Size {
  width: number;
  height: number;
}

export interface CanvasFit {
  scale: number;
  /** The canvas's offset in its box, in box px. */
  x: number;
  y: number;
}

/** The largest scale at which `canvas` fits in `box`, centred; scale 1 at the top left before the box is measured. */
export function fitCanvas(canvas: Size, box: Size | null): CanvasFit {
  if (!box || box.width <= 0 || box.height <= 0 || canvas.width <= 0 || canvas.height <= 0)
    return { scale: 1, x: 0, y: 0 };
  const scale = Math.min(box.width / canvas.width, box.height / canvas.height);
  return {
    scale,
    x: (box.width - canvas.width * scale) / 2,
    y: (box.height - canvas.height * scale) / 2,
  };
}

/** The one transform of the canvas (its origin is its top left corner). */
export function canvasTransform(fit: CanvasFit): string {
  return `translate(${fit.x}px, ${fit.y}px) scale(${fit.scale})`;
}
