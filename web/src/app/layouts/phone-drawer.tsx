// The console's menu on a phone: antd's Drawer from the left (app/layouts/console-layout.tsx), loaded by its first
// opening.
import { Drawer } from 'antd';
import type { ReactNode } from 'react';

interface PhoneDrawerProps {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
}

export default function PhoneDrawer({ open, onClose, label, children }: PhoneDrawerProps) {
  return (
    <Drawer
      rootClassName="console__drawer"
      placement="left"
      size={256}
      closable={false}
      open={open}
      onClose={onClose}
      aria-label={label}
    >
      {children}
    </Drawer>
  );
}
