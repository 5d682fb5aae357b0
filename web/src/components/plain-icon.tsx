// Icons of the screens that load no antd (sign-in, route errors): the glyphs of @ant-design/icons (paths from
// @ant-design/icons-svg, MIT) drawn as inline SVG, without that package's runtime. Decorative: hidden from
// assistive technology, the control that holds one carries the name. The glyphs live next to the screens that draw
// them (features/auth/components/auth-icons.ts): only this module's two load with every page.
import './plain.css';

/** One glyph: import only those a screen draws, so each chunk carries its own. */
export interface IconShape {
  viewBox: string;
  paths: readonly string[];
}

export const LOADING_ICON: IconShape = {
  viewBox: '0 0 1024 1024',
  paths: [
    'M988 548c-19.9 0-36-16.1-36-36 0-59.4-11.6-117-34.6-171.3a440.45 440.45 0 00-94.3-139.9 437.71 437.71 0 00-139.9-94.3C629 83.6 571.4 72 512 72c-19.9 0-36-16.1-36-36s16.1-36 36-36c69.1 0 136.2 13.5 199.3 40.3C772.3 66 827 103 874 150c47 47 83.9 101.8 109.7 162.7 26.7 63.1 40.2 130.2 40.2 199.3.1 19.9-16 36-35.9 36z',
  ],
};

export const EXCLAMATION_CIRCLE_ICON: IconShape = {
  viewBox: '64 64 896 896',
  paths: [
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  ],
};

interface PlainIconProps {
  icon: IconShape;
  className?: string;
  /** Turning (the loading glyph). */
  spin?: boolean;
}

export function PlainIcon({ icon, className, spin = false }: PlainIconProps) {
  return (
    <span
      aria-hidden="true"
      className={['plain-icon', spin ? 'plain-icon--spin' : '', className].filter(Boolean).join(' ')}
    >
      <svg viewBox={icon.viewBox} focusable="false" width="1em" height="1em" fill="currentColor">
        {icon.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
