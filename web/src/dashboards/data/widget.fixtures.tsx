// Fixtures of the data widgets' tests: a theme, a linkage whose setters are spies, the records the server answers,
// and a widget rendered in the app's providers with props a test can change afterwards (visible, linkage, settings).
import { act } from '@testing-library/react';
import type { RequestConfig } from '@/lib/http';
import { Suspense, useState, type ComponentType, type Dispatch, type SetStateAction } from 'react';
import { vi } from 'vitest';

import type { AlarmOut } from '@/lib/alarms/types';
import { renderRoutes } from '@/test/render';
import type { CardOf, Linkage, WidgetProps, WidgetTheme, WidgetType } from '../widgets/types';
import type { Device, DeviceGroup } from './queries';

export const THEME: WidgetTheme = {
  name: 'tech',
  tone: 'dark',
  chartTheme: 'tech',
  text: '#e6f4ff',
  textSecondary: '#8fb3d9',
  accent: '#00e5ff',
  cardBackground: '#0b1f3a',
  border: '#1e4a7a',
};

export function linkage(over: Partial<Linkage> = {}): Linkage {
  return { deviceId: null, groupId: null, setDevice: vi.fn(), setGroup: vi.fn(), ...over };
}

export function cardOf<T extends WidgetType>(
  type: T,
  settings: CardOf<T>['settings'],
  link: 'none' | 'device' | 'group' = 'none',
): CardOf<T> {
  return { id: 'c1', type, title: '', show_title: true, link, settings } as CardOf<T>;
}

export const params = (c: RequestConfig) => c.params;

export const group = (id: number, name: string, over: Partial<DeviceGroup> = {}): DeviceGroup => ({
  id,
  name,
  notes: '',
  is_default: id === 1,
  device_count: 0,
  created_at: 0,
  editable: true,
  ...over,
});

export const device = (id: number, alias: string, over: Partial<Device> = {}): Device =>
  ({
    id,
    sn_code: `IOT${String(id).padStart(7, '0')}`,
    alias,
    dev_state: 1,
    registered: true,
    group_id: 1,
    group_name: '默认分组',
    ...over,
  }) as Device;

export const alarm = (over: Partial<AlarmOut> & { id: number; device_id: number }): AlarmOut => ({
  sn_code: `IOT${String(over.device_id).padStart(7, '0')}`,
  dev_alias: '',
  data_source_id: 41,
  data_source_name: '出水压力',
  alarm_name: '压力过高',
  alarm_level: 2,
  alarm_type: 1,
  alarm_info: null,
  value: 1.3,
  alarm_time: 1_000,
  recover_time: null,
  confirm_time: null,
  confirm_userName: null,
  alarm_note: null,
  ...over,
});

/** Renders `Component` with `props` (mode view, visible, the fixtures' theme and linkage unless given); `update`
 * changes props afterwards as the dashboard would. */
export function renderWidget<T extends WidgetType>(
  Component: ComponentType<WidgetProps<T>>,
  props: Pick<WidgetProps<T>, 'card' | 'settings'> & Partial<WidgetProps<T>>,
) {
  const initial = {
    mode: 'view',
    visible: true,
    linkage: linkage(),
    theme: THEME,
    dashboardId: 1,
    ...props,
  } as WidgetProps<T>;
  let setProps: Dispatch<SetStateAction<WidgetProps<T>>> = () => undefined;
  function Harness() {
    const [shown, set] = useState(initial);
    setProps = set;
    return (
      <Suspense>
        <Component {...shown} />
      </Suspense>
    );
  }
  const rendered = renderRoutes([{ path: '/', element: <Harness /> }]);
  return {
    ...rendered,
    props: initial,
    update(over: Partial<WidgetProps<T>>) {
      act(() => {
        setProps((held) => ({ ...held, ...over }));
      });
    },
  };
}
