// A button drawn like antd's (default, primary or text; large; full width; loading) for the screens that load no
// antd. Like antd, a label of exactly two Chinese characters gets a space between them ("登 录").
import type { ButtonHTMLAttributes, ReactNode } from 'react';

import { PlainIcon } from './plain-icon';
import './plain.css';

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: 'default' | 'primary' | 'text';
  htmlType?: 'button' | 'submit';
  large?: boolean;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

const TWO_HAN = /^\p{Script=Han}{2}$/u;

/** antd's autoInsertSpace: "登录" reads "登 录" on a button. */
export function spacedLabel(children: ReactNode): ReactNode {
  return typeof children === 'string' && TWO_HAN.test(children) ? Array.from(children).join(' ') : children;
}

export function PlainButton({
  variant = 'default',
  htmlType = 'button',
  large = false,
  block = false,
  loading = false,
  icon,
  className,
  children,
  ...rest
}: PlainButtonProps) {
  const classes = [
    'plain-btn',
    variant === 'default' ? '' : `plain-btn--${variant}`,
    large ? 'plain-btn--lg' : '',
    block ? 'plain-btn--block' : '',
    loading ? 'plain-btn--loading' : '',
    className,
  ];
  return (
    <button
      type={htmlType}
      className={classes.filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <PlainIcon name="loading" spin /> : icon}
      {children !== undefined && children !== null && <span>{spacedLabel(children)}</span>}
    </button>
  );
}
