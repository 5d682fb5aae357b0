// A button drawn like antd's (default, primary or text; large; full width; loading) for the screens that load no
// antd. Like antd, the label of a bordered button without an icon gets a space between exactly two Chinese
// characters ("登 录").
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

import { LOADING_ICON, PlainIcon } from './plain-icon';
import './plain.css';

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: 'default' | 'primary' | 'text';
  htmlType?: 'button' | 'submit';
  large?: boolean;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
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
  ref,
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
      ref={ref}
      type={htmlType}
      className={classes.filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <PlainIcon icon={LOADING_ICON} spin /> : icon}
      {children !== undefined && children !== null && (
        <span>{icon || variant === 'text' ? children : spacedLabel(children)}</span>
      )}
    </button>
  );
}
