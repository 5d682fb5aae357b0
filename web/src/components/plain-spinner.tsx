// A loading indicator drawn like antd's Spin (four dots turning) for the screens that load no antd: the first
// route's fallback and the sign-in page's captcha.
import './plain.css';

interface PlainSpinnerProps {
  /** antd's sizes: 14, 20 and 32 px. */
  size?: 'small' | 'default' | 'large';
  className?: string;
}

export function PlainSpinner({ size = 'default', className }: PlainSpinnerProps) {
  return (
    <span
      className={['plain-spin', `plain-spin--${size}`, className].filter(Boolean).join(' ')}
      aria-hidden="true"
    >
      <span className="plain-spin__dots">
        <i />
        <i />
        <i />
        <i />
      </span>
    </span>
  );
}
