// A small text button showing only its icon, with a tooltip and an accessible name both saying what it does (a list
// row's move, copy or remove actions).
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export function IconAction({
  label,
  icon,
  disabled,
  danger,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        disabled={disabled}
        danger={danger}
        aria-label={label}
        onClick={onClick}
      />
    </Tooltip>
  );
}
