// An element's values by binding key, read from the values store for only the data sources it binds: the element
// re-renders when one of them changes and never for another's push.
import { useMemo, useSyncExternalStore } from 'react';

import type { Binding } from '../model/types';
import type { BoundValue } from '../elements/types';
import type { ValuesStore } from './values-store';

export type BoundValues = Readonly<Record<string, BoundValue | undefined>>;

const NO_VALUES: BoundValues = Object.freeze({});
const NO_IDS: readonly number[] = Object.freeze([]);
const noop = () => undefined;

export interface BoundValuesReader {
  ids: readonly number[];
  /** The values by binding key: the same object while none of them changed (useSyncExternalStore's snapshot). */
  read: () => BoundValues;
}

/** A reader of `bindings` over `store`, caching its last answer. */
export function boundValuesReader(
  store: ValuesStore,
  bindings: Readonly<Record<string, Binding>>,
): BoundValuesReader {
  const keys = Object.keys(bindings);
  if (keys.length === 0) return { ids: NO_IDS, read: () => NO_VALUES };
  const ids = [...new Set(keys.map((key) => bindings[key]?.data_source_id ?? 0))];
  const [only] = keys;
  if (keys.length === 1 && only !== undefined) {
    // The common case (one binding), without the arrays: the screen's hot path on every push.
    const id = bindings[only]?.data_source_id;
    let held: BoundValue | undefined;
    let single: BoundValues = Object.freeze({ [only]: undefined });
    return {
      ids,
      read: () => {
        const current = id === undefined ? undefined : store.get(id);
        if (current !== held) {
          held = current;
          single = Object.freeze({ [only]: current });
        }
        return single;
      },
    };
  }
  let last: (BoundValue | undefined)[] = [];
  let answer: BoundValues = NO_VALUES;
  return {
    ids,
    read: () => {
      const current = keys.map((key) => {
        const id = bindings[key]?.data_source_id;
        return id === undefined ? undefined : store.get(id);
      });
      if (current.length === last.length && current.every((value, i) => value === last[i])) return answer;
      last = current;
      answer = Object.freeze(Object.fromEntries(keys.map((key, i) => [key, current[i]])));
      return answer;
    },
  };
}

/** The element's values (ElementRenderProps.values), kept current by the store. */
export function useBoundValues(store: ValuesStore, bindings: Readonly<Record<string, Binding>>): BoundValues {
  const reader = useMemo(() => boundValuesReader(store, bindings), [store, bindings]);
  const subscribe = useMemo(
    () =>
      reader.ids.length === 0 ? () => noop : (listener: () => void) => store.subscribe(reader.ids, listener),
    [store, reader],
  );
  return useSyncExternalStore(subscribe, reader.read, reader.read);
}
