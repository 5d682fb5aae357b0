// A menu behind a button (the header's user menu, the tab bar's): the button alone until it is first used. The menu
// (antd's Dropdown, ~11 KB gzip, and what the menu shows) loads with the first click, fetched ahead as soon as the
// pointer or the focus reaches the button, and opens at once; from then on the button is its trigger. The language
// switch does the same with its own menu (components/language-switch.tsx).
import type { MenuProps } from 'antd';
import { cloneElement, lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';

/** The trigger: an element that takes pointer, focus and click handlers (a Button). */
type Trigger = ReactElement<{ onPointerEnter?: () => void; onFocus?: () => void; onClick?: () => void }>;

/** What a lazily loaded menu takes besides its own props. */
export interface LazyMenuProps {
  /** Open at once, focus in the menu: the click that asked for the menu came before its code. */
  initiallyOpen: boolean;
  children: Trigger;
}

/** A component showing `children` (the trigger) until its first click, then the menu `load` brings, open. */
export function lazyMenu<P extends LazyMenuProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<Omit<P, 'initiallyOpen'>> {
  const Menu = lazy(load) as unknown as ComponentType<Omit<P, 'initiallyOpen'> & { initiallyOpen: boolean }>;
  return function LazyMenu(props: Omit<P, 'initiallyOpen'>) {
    const [wanted, setWanted] = useState(false);
    if (!wanted) {
      const prefetch = () => {
        void load();
      };
      return cloneElement(props.children, {
        onPointerEnter: prefetch,
        onFocus: prefetch,
        onClick: () => {
          setWanted(true);
        },
      });
    }
    return (
      <Suspense fallback={props.children}>
        <Menu {...props} initiallyOpen />
      </Suspense>
    );
  };
}

/** antd's Dropdown with the given menu. */
export const LazyDropdown = lazyMenu<LazyMenuProps & { menu: MenuProps }>(() => import('./dropdown-menu'));
