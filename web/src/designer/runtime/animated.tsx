// An animated element's drawing (docs/designer-animation.md): its registry component inside one wrapper whose
// transform, opacity, visibility and clip follow the animations' values, and, for a spin, a layer turned by a CSS
// animation whose duration follows the value. It subscribes to the values store for only the data sources its
// animations read, so a push re-renders this wrapper alone (the drawing inside is the same element, not redrawn);
// between pushes nothing runs in script: the browser turns the spin.
import { memo, useMemo, useSyncExternalStore, type ReactNode } from 'react';

import { stateValue } from '../elements/states';
import type { BoundValue } from '../elements/types';
import {
  animationLook,
  animationSourceIds,
  animationStyle,
  spinClass,
  spinStyle,
  type AnimationLook,
  type DesignAnimation,
} from '../model/animation';
import type { ValuesStore } from './values-store';
import './animations.css';

interface LookReader {
  ids: readonly number[];
  read: () => AnimationLook;
}

/** A reader of the animations' look over `store`, the same object while none of their values changed. */
export function animationLookReader(store: ValuesStore, animations: readonly DesignAnimation[]): LookReader {
  const ids = [...new Set(animations.flatMap(animationSourceIds))];
  const valueOf = (id: number) => stateValue(store.get(id)?.value);
  let held: (BoundValue | undefined)[] | null = null;
  let look: AnimationLook = animationLook(animations, valueOf);
  return {
    ids,
    read: () => {
      const current = ids.map((id) => store.get(id));
      if (held && current.every((value, i) => value === held?.[i])) return look;
      held = current;
      look = animationLook(animations, valueOf);
      return look;
    },
  };
}

export interface AnimatedProps {
  animations: readonly DesignAnimation[];
  store: ValuesStore;
  children: ReactNode;
}

export const Animated = memo(function Animated({ animations, store, children }: AnimatedProps) {
  const reader = useMemo(() => animationLookReader(store, animations), [store, animations]);
  const subscribe = useMemo(
    () => (listener: () => void) => store.subscribe(reader.ids, listener),
    [store, reader],
  );
  const look = useSyncExternalStore(subscribe, reader.read, reader.read);
  const spinning = look.spin;
  return (
    <div className="iot-anim" style={animationStyle(look)} data-testid="animated">
      {spinning ? (
        <div className={spinClass(spinning)} style={spinStyle(spinning)}>
          {children}
        </div>
      ) : (
        children
      )}
    </div>
  );
});
