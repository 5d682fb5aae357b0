// Test helper of the element tests: one element drawn by its registry definition, inside antd's App (so lib/toast's toasts and
// confirmation dialogs show) with the runtime's contexts, and a spy on its writes and actions.
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

import { FeedbackBridge } from '@/app/feedback-bridge';
import type { AlarmOut } from '@/lib/alarms/types';
import type { DesignElement, JsonValue } from '@/designer/model/types';
import {
  ControlAccessContext,
  DeviceAlarmsContext,
  TrendHistoryContext,
  type TrendHistory,
} from '@/designer/elements/controls/context';
import type { ControlAccess } from '@/designer/elements/controls/write-rules';
import type { BoundValue, ElementDefinition, RenderMode } from '@/designer/elements/types';
import { makeElement } from '@/designer/elements/test/fixtures';

export interface DrawOptions {
  mode?: RenderMode;
  settings?: Record<string, JsonValue>;
  /** Binding keys to bind (to data sources 1, 2, …); the definition's keys when omitted. */
  bound?: readonly string[];
  values?: Record<string, number | string | null>;
  actions?: DesignElement['actions'];
  access?: ControlAccess | null;
  alarms?: readonly AlarmOut[];
  history?: TrendHistory;
}

export function designElement(definition: ElementDefinition, options: DrawOptions = {}): DesignElement {
  const bound = options.bound ?? definition.bindingKeys;
  return makeElement(definition.type, {
    placement: { x: 0, y: 0, ...definition.defaultSize, rotation: 0 },
    settings: { ...definition.defaultSettings(), ...options.settings },
    bindings: Object.fromEntries(bound.map((key, i) => [key, { data_source_id: i + 1 }])),
    actions: options.actions ?? [],
  });
}

export function boundValues(values: Record<string, number | string | null>, ts = 1_700_000_000_000) {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, { value, ts, alarm: false } satisfies BoundValue]),
  );
}

function Host({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Draws the element; `onWrite` and `onAction` are spies. */
export function drawElement(definition: ElementDefinition, options: DrawOptions = {}) {
  const element = designElement(definition, options);
  const onWrite = vi.fn<(key: string, value: number | string) => void>();
  const onAction = vi.fn<(index: number) => void>();
  const Component = definition.component;
  const view = (values: Record<string, number | string | null>, ts?: number) => (
    <Host>
      <ControlAccessContext value={options.access ?? null}>
        <DeviceAlarmsContext value={options.alarms ?? []}>
          <TrendHistoryContext value={options.history ?? (() => undefined)}>
            <Component
              element={element}
              mode={options.mode ?? 'runtime'}
              values={boundValues(values, ts)}
              state={null}
              onWrite={onWrite}
              onAction={onAction}
            />
          </TrendHistoryContext>
        </DeviceAlarmsContext>
      </ControlAccessContext>
    </Host>
  );
  const result = render(view(options.values ?? {}));
  /** Draws the element again with new values (a push), reported at `ts`. */
  const push = (values: Record<string, number | string | null>, ts?: number) => {
    result.rerender(view(values, ts));
  };
  return { ...result, element, onWrite, onAction, push };
}
