// The canvas's sheet (runtime/sheet.ts: its size, background colour and image, fitted as the document says) and the
// grid, drawn by CSS gradients rather than one node per line, below the elements.
import type { CSSProperties } from 'react';

import type { DesignCanvas } from '../../model';
import { backdropStyle } from '../../runtime/sheet';
import type { Size } from './view';

export function Backdrop({ canvas, size }: { canvas: DesignCanvas; size: Size }) {
  return (
    <div className="iot-canvas-sheet" style={backdropStyle(canvas, size)}>
      {canvas.grid.show && (
        <div
          className="iot-canvas-grid"
          data-grid={canvas.grid.size}
          style={{ '--iot-grid-size': `${canvas.grid.size}px` } as CSSProperties}
        />
      )}
    </div>
  );
}
