import { partStyle, SYMBOL_STROKE_WIDTH } from './style';
import type { SymbolDefinition, SymbolProps } from './types';

function CentrifugalPump({ parts, title }: SymbolProps) {
  const body = partStyle(parts, 'body');
  const impeller = partStyle(parts, 'impeller');
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" role={title ? 'img' : undefined} aria-hidden={!title}>
      {title ? <title>{title}</title> : null}
      <g strokeWidth={SYMBOL_STROKE_WIDTH} strokeLinejoin="round">
        <path data-part="base" d="M14 56h36l-4-8H18z" fill="#aab1ba" stroke={body.stroke} />
        <circle data-part="body" cx="30" cy="32" r="18" fill={body.fill} stroke={body.stroke} />
        <path data-part="body" d="M30 14h26v10H46" fill={body.fill} stroke={body.stroke} />
        <path data-part="impeller" d="M30 22l6 10-6 10-6-10z" fill={impeller.fill} stroke={impeller.stroke} />
      </g>
    </svg>
  );
}

export const pumpCentrifugal: SymbolDefinition = {
  id: 'pump_centrifugal',
  category: 'pump',
  i18nKey: 'designer.symbols.pump_centrifugal',
  defaultSize: { w: 64, h: 64 },
  parts: ['body', 'impeller'],
  Component: CentrifugalPump,
};
