// A tenant symbol's SVG as the server serves it (sanitised there, resources/svg.py), read again here before it is
// put in the page: anything that could run or fetch is dropped once more (defence in depth), the marked parts are
// read from the root's `data-iot-parts`, and the drawing fills its box. Parts are recoloured by setting their fill
// and stroke on the drawn nodes, never by writing CSS text, so no colour of a document can inject a rule.
import type { SymbolPartStyle } from '../symbols';

export interface SymbolMarkup {
  markup: string;
  /** The marked parts' element ids, in the editor's order (the first is the one a plain state colour takes). */
  parts: string[];
}

const DROPPED = 'script, foreignObject, iframe, set, animate, animateMotion, animateTransform';
const SAFE_HREF = /^(#|data:image\/(png|jpeg|gif|webp);)/i;
export const PART_ID = /^n[0-9]+$/;

export function cleanSymbolSvg(text: string): SymbolMarkup | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length > 0) return null;
  for (const node of Array.from(root.querySelectorAll(DROPPED))) node.remove();
  for (const node of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attr of Array.from(node.attributes)) {
      const name = attr.name.toLowerCase();
      const href = name === 'href' || name === 'xlink:href';
      if (name.startsWith('on') || (href && !SAFE_HREF.test(attr.value.trim())))
        node.removeAttribute(attr.name);
    }
  }
  const parts = (root.getAttribute('data-iot-parts') ?? '').split(/\s+/).filter((id) => PART_ID.test(id));
  root.setAttribute('width', '100%');
  root.setAttribute('height', '100%');
  return { markup: new XMLSerializer().serializeToString(root), parts };
}

function paints(node: Element, property: 'fill' | 'stroke'): boolean {
  const own = node.getAttribute(property) ?? (node as SVGElement).style.getPropertyValue(property);
  if (own === 'none') return false;
  // A stroke is recoloured where one is drawn; a fill wherever the shape is not left empty.
  return property === 'fill' || own !== '';
}

/** Recolour the marked parts of a drawn symbol: each part's node and everything inside it. */
export function applyPartStyles(
  root: Element,
  styles: Partial<Record<string, SymbolPartStyle>> | undefined,
): void {
  if (!styles) return;
  for (const [id, style] of Object.entries(styles)) {
    if (!style || !PART_ID.test(id)) continue;
    const part = root.querySelector(`[data-iot-id="${id}"]`);
    if (!part) continue;
    for (const node of [part, ...Array.from(part.querySelectorAll('*'))]) {
      const target = node as SVGElement;
      if (style.fill && paints(node, 'fill')) target.style.setProperty('fill', style.fill, 'important');
      if (style.stroke && paints(node, 'stroke'))
        target.style.setProperty('stroke', style.stroke, 'important');
    }
  }
}
