// Print and PDF layout of a report (SPEC §9: paper A4, portrait or landscape). The page box in CSS px at 96 dpi, so
// a preview lays charts out at their printed size; report-print.css holds the matching @page rules, chosen by the
// class on the report's root (`printRootClass`).

export type PaperSize = 'A4';
export type PaperOrientation = 'portrait' | 'landscape';

/** Paper sizes in mm, portrait. */
export const PAPER_MM: Readonly<Record<PaperSize, readonly [number, number]>> = { A4: [210, 297] };
/** The page margin in mm (report-print.css uses the same). */
export const PRINT_MARGIN_MM = 10;

const PX_PER_MM = 96 / 25.4;

export interface PrintPage {
  /** The sheet in CSS px. */
  width: number;
  height: number;
  margin: number;
  /** What is left inside the margins, rounded down so a layout of this size always fits. */
  contentWidth: number;
  contentHeight: number;
}

const px = (mm: number) => Math.round(mm * PX_PER_MM * 10) / 10;

export function printPageSize(paper: PaperSize, orientation: PaperOrientation): PrintPage {
  const [short, long] = PAPER_MM[paper];
  const [wMm, hMm] = orientation === 'portrait' ? [short, long] : [long, short];
  const width = px(wMm);
  const height = px(hMm);
  const margin = px(PRINT_MARGIN_MM);
  return {
    width,
    height,
    margin,
    contentWidth: Math.floor(px(wMm - 2 * PRINT_MARGIN_MM)),
    contentHeight: Math.floor(px(hMm - 2 * PRINT_MARGIN_MM)),
  };
}

/** The class of a report's root for its orientation (report-print.css). */
export function printRootClass(orientation: PaperOrientation): string {
  return `report-print report-print--${orientation}`;
}
