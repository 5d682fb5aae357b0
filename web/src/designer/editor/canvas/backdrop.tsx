// The canvas's sheet: its size, background colour and image (fitted as the document says) and the grid, drawn by
// CSS gradients rather than one node per line, below the elements.
import type { CSSProperties } from 'react';

import { resolveImageUrl } from '../../gallery/resolve-url';
import type { DesignCanvas } from '../../model';
import type { Size } from './view';

const FITS: Record<
  DesignCanvas['background']['fit'],
  Pick<CSSProperties, 'backgroundSize' | 'backgroundRepeat'>
> = {
  stretch: { backgroundSize: '100% 100%', backgroundRepeat: 'no-repeat' },
  contain: { backgroundSize: 'contain', backgroundRepeat: 'no-repeat' },
  cover: { backgroundSize: 'cover', backgroundRepeat: 'no-repeat' },
  tile: { backgroundSize: 'auto', backgroundRepeat: 'repeat' },
  none: { backgroundSize: 'auto', backgroundRepeat: 'no-repeat' },
};

export function backdropStyle(canvas: DesignCanvas, size: Size): CSSProperties {
  const { color, image, fit } = canvas.background;
  return {
    width: size.width,
    height: size.height,
    backgroundColor: color ?? undefined,
    ...(image
      ? {
          backgroundImage: `url(${JSON.stringify(resolveImageUrl(image))})`,
          backgroundPosition: 'center',
          ...FITS[fit],
        }
      : {}),
  };
}

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
