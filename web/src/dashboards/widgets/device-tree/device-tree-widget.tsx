// The device tree widget: the device groups with their registered devices, the first 200 (the source's: GET
// /yun/dev/group and GET /dev, or a share link's /yun/shared/dashboard/groups and devices; a search asks the server
// for the matching ones), each device's state live (state-only subscriptions) and marked while it has an active
// alarm. Clicking a device picks it for the cards that follow the device tree; the
// picked one is highlighted and its group opened. A card narrowed to a group shows that group's devices.
import { AlertFilled, SearchOutlined } from '@ant-design/icons';
import { Input, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useRef, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';

import { deviceStateKey, STATE_COLORS } from '@/components/map/markers';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { useAlarmMarks } from '../../data/alarms';
import { errorDetail } from '../../data/gone';
import { useLiveStates } from '../../data/live-states';
import { useGroupCheck } from '../../data/group-check';
import { useDashboardSource, type WidgetDevice } from '../../data/source';
import { WidgetFrame } from '../../data/theme';
import { ErrorState, GoneState, WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import { deviceKey, deviceOfKey, groupDevices, matches } from './tree-data';
import './device-tree.css';

function DeviceTitle({
  device,
  state,
  alarm,
}: {
  device: WidgetDevice;
  state: number | null;
  alarm: boolean;
}) {
  const key = deviceStateKey(state, device.registered);
  const name = device.name;
  return (
    <span className="dw-tree__device" data-device-id={device.id} title={`${name} (${device.sn})`}>
      <span className="dw-dot" style={{ background: STATE_COLORS[key] }} data-state={key} />
      <span className="dw-tree__name">{name}</span>
      {alarm && <AlertFilled className="dw-tree__alarm" data-alarm="true" />}
    </span>
  );
}

export default function DeviceTreeWidget({ settings, visible, linkage, theme }: WidgetProps<'deviceTree'>) {
  const { t } = useTranslation();
  const only = settings.group_id ?? null;
  const { typed, setTyped, q } = useDebouncedSearch();
  const source = useDashboardSource();
  const group = useGroupCheck(only, visible);
  const groups = source.useGroups(visible);
  const devices = source.useDevices(
    { group_id: only ?? undefined, q: q || undefined },
    visible && group.state !== 'gone',
  );
  const items = useMemo(
    () => (devices.data?.items ?? []).filter((d) => matches(d, typed)),
    [devices.data, typed],
  );
  // The devices read, not those the typing shows: a keystroke does not subscribe and unsubscribe.
  const states = useLiveStates(
    useMemo(() => (devices.data?.items ?? []).map((d) => d.id), [devices.data]),
    visible,
  );
  const alarms = useAlarmMarks(only, visible);
  const searching = typed.trim() !== '';

  const nodes = useMemo(
    () =>
      groupDevices(groups.data, items, {
        only,
        searching,
        unfiledName: t('dashboards.widgets.deviceTree.unfiled'),
      }),
    [groups.data, items, only, searching, t],
  );
  const treeData: TreeDataNode[] = useMemo(
    () =>
      nodes.map((g) => ({
        key: g.key,
        selectable: false,
        title: (
          <span className="dw-tree__group">
            <span className="dw-tree__name">{g.name}</span>
            <span className="dw-tree__count">{g.devices.length}</span>
          </span>
        ),
        children: g.devices.map((d) => ({
          key: deviceKey(d.id),
          isLeaf: true,
          title: (
            <DeviceTitle
              device={d}
              state={states.get(d.id) ?? d.dev_state}
              alarm={alarms.byDevice.has(d.id)}
            />
          ),
        })),
      })),
    [nodes, states, alarms.byDevice],
  );

  // Open: the groups the user opened, every group while searching, and the picked device's group.
  const [opened, setOpened] = useState<Key[] | null>(null);
  const picked = linkage.deviceId;
  const pickedGroup = nodes.find((g) => g.devices.some((d) => d.id === picked))?.key;
  const expandedKeys = useMemo(() => {
    if (searching || only !== null) return nodes.map((g) => g.key);
    const base = opened ?? nodes.slice(0, 1).map((g) => g.key);
    return pickedGroup && !base.includes(pickedGroup) ? [...base, pickedGroup] : base;
  }, [searching, only, nodes, opened, pickedGroup]);

  // The picked device scrolled into sight within the card.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (picked === null) return;
    const node = box.current?.querySelector(`[data-device-id="${String(picked)}"]`);
    // jsdom (the unit tests) has no scrolling.
    if (node && 'scrollIntoView' in node) node.scrollIntoView({ block: 'nearest' });
  }, [picked, treeData]);

  const total = devices.data?.total ?? 0;
  const truncated = !searching && total > (devices.data?.items.length ?? 0);

  let body;
  if (group.state === 'gone') body = <GoneState what="group" />;
  else if (devices.isError && !devices.data)
    body = <ErrorState detail={errorDetail(devices.error)} onRetry={() => void devices.refetch()} />;
  else if (!devices.data || (groups.isPending && groups.fetchStatus !== 'idle'))
    body = <WidgetState kind="loading" />;
  else if (nodes.every((g) => g.devices.length === 0) && (searching || nodes.length === 0))
    body = (
      <WidgetState
        kind="empty"
        title={t(searching ? 'dashboards.widgets.deviceTree.noMatch' : 'dashboards.widgets.deviceTree.empty')}
      />
    );
  else
    body = (
      <div className="dw-tree__scroll" ref={box}>
        <Tree
          blockNode
          showLine={false}
          treeData={treeData}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setOpened(keys)}
          selectedKeys={picked === null ? [] : [deviceKey(picked)]}
          onSelect={(_, info) => {
            const id = deviceOfKey(String(info.node.key));
            // Clicking the picked device again keeps it picked.
            if (id !== null) linkage.setDevice(id);
          }}
        />
      </div>
    );

  return (
    <WidgetFrame theme={theme} className="dw-tree" testId="widget-deviceTree">
      <Input
        className="dw-tree__search"
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('dashboards.widgets.deviceTree.search')}
        aria-label={t('dashboards.widgets.deviceTree.search')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {body}
      {truncated && group.state !== 'gone' && (
        <div className="dw-note">
          {t('dashboards.widgets.deviceTree.truncated', { shown: devices.data?.items.length ?? 0, total })}
        </div>
      )}
    </WidgetFrame>
  );
}
