// A tenant symbol drawn inline (so its parts can be recoloured): its sanitised SVG fetched without a token by its
// URL, as the designer, the runtime and a share link all may (docs/decisions.md "Tenant symbols").
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

import { resolveImageUrl } from '../gallery/resolve-url';
import type { SymbolPartStyle } from '../symbols';
import { userSymbolKeys } from './api/keys';
import { applyPartStyles, cleanSymbolSvg, type SymbolMarkup } from './svg-markup';
import './user-symbols.css';

export async function fetchSymbolSvg(url: string): Promise<SymbolMarkup> {
  const response = await fetch(resolveImageUrl(url));
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/svg+xml')) throw new Error(`symbol ${response.status}`);
  const markup = cleanSymbolSvg(await response.text());
  if (!markup) throw new Error('symbol unreadable');
  return markup;
}

export function useSymbolSvg(url: string | null) {
  return useQuery({
    queryKey: userSymbolKeys.svg(url ?? ''),
    queryFn: () => fetchSymbolSvg(url ?? ''),
    enabled: url !== null && url !== '',
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

interface SvgMarkupProps {
  markup: string;
  parts?: Partial<Record<string, SymbolPartStyle>> | undefined;
  className?: string;
}

/** Sanitised markup put in the page, its parts recoloured. The markup is the server's sanitised SVG read again by
 * cleanSymbolSvg: nothing in it runs or fetches. */
export function SvgMarkup({ markup, parts, className }: SvgMarkupProps) {
  const box = useRef<HTMLDivElement>(null);
  // `key` stands for `parts`: a new object of the same colours does not draw again.
  const key = JSON.stringify(parts ?? null);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    node.innerHTML = markup;
    applyPartStyles(node, (JSON.parse(key) as Partial<Record<string, SymbolPartStyle>> | null) ?? undefined);
  }, [markup, key]);
  return <div ref={box} className={className ?? 'iot-user-symbol'} aria-hidden />;
}

interface UserSymbolViewProps {
  url: string;
  /** The style of each marked part by its element id; none: the symbol's own look. */
  parts?: Partial<Record<string, SymbolPartStyle>> | undefined;
  /** Shown while loading or when the symbol is gone. */
  fallback?: ReactNode;
}

export function UserSymbolView({ url, parts, fallback = null }: UserSymbolViewProps) {
  const svg = useSymbolSvg(url);
  if (!svg.data) return <>{fallback}</>;
  return <SvgMarkup markup={svg.data.markup} parts={parts} />;
}
