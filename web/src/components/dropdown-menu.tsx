// antd's Dropdown around a trigger, opened at once (components/lazy-dropdown.tsx loads it with the first click).
import { Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';

import type { LazyMenuProps } from './lazy-dropdown';

interface DropdownMenuProps extends LazyMenuProps {
  menu: MenuProps;
}

export default function DropdownMenu({ initiallyOpen, menu, children }: DropdownMenuProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dropdown
      trigger={['click']}
      autoFocus={initiallyOpen}
      open={open}
      onOpenChange={setOpen}
      menu={{
        ...menu,
        onClick: (info) => {
          setOpen(false);
          menu.onClick?.(info);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
