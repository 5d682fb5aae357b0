// One tooltip for every tool button of the editor (the toolbar's, the property panel's align buttons): it follows
// the pointer, or the keyboard's visible focus, onto a button that carries `data-tip`, and shows that text next to
// it. Two dozen antd Tooltips, one per button, each a trigger observing its button, cost the editor's opening about
// 10 ms (benchmark B7); this mounts one, for the button pointed at.
import { Tooltip } from 'antd';
import { useEffect, useState, type RefObject } from 'react';

/** As antd's Tooltip waits before opening on hover. */
const SHOW_DELAY_MS = 100;

interface Tip {
  button: Element;
  label: string;
  rect: DOMRect;
}

const tipButton = (target: EventTarget | null): Element | null =>
  target instanceof Element ? target.closest('[data-tip]') : null;

export function SharedToolTip({ root }: { root: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown: Element | null = null;
    const hide = (): void => {
      clearTimeout(timer);
      shown = null;
      setTip(null);
    };
    const show = (button: Element, delay: number): void => {
      if (button === shown) return;
      clearTimeout(timer);
      shown = button;
      timer = setTimeout(() => {
        const label = button.getAttribute('data-tip') ?? '';
        if (label && button.isConnected) setTip({ button, label, rect: button.getBoundingClientRect() });
      }, delay);
    };
    const onOver = (event: PointerEvent): void => {
      const button = tipButton(event.target);
      if (button) show(button, SHOW_DELAY_MS);
      else if (shown) hide();
    };
    const onOut = (event: PointerEvent): void => {
      if (shown && !shown.contains(event.relatedTarget as Node | null)) hide();
    };
    const onFocus = (event: FocusEvent): void => {
      const button = tipButton(event.target);
      if (button?.matches(':focus-visible')) show(button, 0);
    };
    el.addEventListener('pointerover', onOver);
    el.addEventListener('pointerout', onOut);
    el.addEventListener('pointerdown', hide);
    el.addEventListener('focusin', onFocus);
    el.addEventListener('focusout', hide);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('pointerover', onOver);
      el.removeEventListener('pointerout', onOut);
      el.removeEventListener('pointerdown', hide);
      el.removeEventListener('focusin', onFocus);
      el.removeEventListener('focusout', hide);
    };
  }, [root]);

  if (!tip) return null;
  const { left, top, width, height } = tip.rect;
  return (
    // A new tooltip per button, so it opens aligned to it.
    <Tooltip key={`${left} ${top}`} title={tip.label} open>
      <span
        aria-hidden
        className="designer-tip-anchor"
        style={{ position: 'fixed', left, top, width, height, pointerEvents: 'none' }}
      />
    </Tooltip>
  );
}
