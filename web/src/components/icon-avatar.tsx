// A round icon in antd Avatar's look (app/global.css .icon-avatar), for the header's user button and the home
// page's greeting: antd's Avatar brings its Popover (for avatar groups) to the first screen.
import type { ReactNode } from 'react';

interface IconAvatarProps {
  /** Width and height in px; the icon is half of it, as antd's. */
  size: number;
  icon: ReactNode;
  className?: string;
}

export function IconAvatar({ size, icon, className }: IconAvatarProps) {
  return (
    <span
      className={className ? `icon-avatar ${className}` : 'icon-avatar'}
      style={{ width: size, height: size, fontSize: size / 2 }}
    >
      {icon}
    </span>
  );
}
