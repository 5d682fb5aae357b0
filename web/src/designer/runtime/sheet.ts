// A screen's sheet: its size, background colour and image fitted as the document says. The editor's canvas draws its
// backdrop with it (adding the grid), and the runtime's ScreenView draws the same sheet under the elements.
import type { CSSProperties } from 'react';

import { resolveImageUrl } from '../gallery/resolve-url';
import type { CanvasSize, DesignCanvas } from '../model';

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

export function backdropStyle(canvas: DesignCanvas, size: CanvasSize): CSSProperties {
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

/** The scale that fits a sheet into a box whole (up or down); 1 before the box is measured. */
export function fitScale(sheet: CanvasSize, box: CanvasSize | null): number {
  if (!box || box.width <= 0 || box.height <= 0 || sheet.width <= 0 || sheet.height <= 0) return 1;
  return Math.min(box.width / sheet.width, box.height / sheet.height);
}
