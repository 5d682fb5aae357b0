// The filter bar of the device grouping page: search, online state, registered, model (every model among the
// readable devices) and VPN state.
import { AutoComplete, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { useSyncedText, type FilterPatch } from '@/lib/route-params';
import { useDeviceStateInfo } from '../api/get-state-info';
import type { DeviceFilters, DeviceListParams, DevState } from '../types';

const boolParam = (v: string | undefined): boolean | undefined =>
  v === 'true' ? true : v === 'false' ? false : undefined;

interface DevgroupFiltersProps {
  params: DeviceListParams;
  filter: (patch: FilterPatch<DeviceFilters>) => void;
}

export function DevgroupFilters({ params, filter }: DevgroupFiltersProps) {
  const { t } = useTranslation();
  const [model, setModel] = useSyncedText(params.model);
  const stateInfo = useDeviceStateInfo();
  // Every model among the readable devices (GET /dev/stateInfo), not only those on the current page.
  const modelOptions = useMemo(
    () => (stateInfo.data?.by_model ?? []).filter((m) => Boolean(m.model)).map((m) => ({ value: m.model })),
    [stateInfo.data],
  );

  return (
    <ListToolbar className="devreg-toolbar">
      <ListSearch
        className="devreg-toolbar__search"
        value={params.q}
        placeholder={t('device.list.searchPlaceholder')}
        onSearch={(q) => filter({ q: q })}
      />
      <Select<DevState>
        className="devreg-toolbar__filter"
        allowClear
        placeholder={t('device.filter.state')}
        aria-label={t('device.filter.state')}
        value={params.dev_state}
        options={[
          { value: 1, label: t('device.state.online') },
          { value: 2, label: t('device.state.offline') },
        ]}
        onChange={(v) => filter({ dev_state: v })}
      />
      <Select<string>
        className="devreg-toolbar__filter"
        allowClear
        placeholder={t('device.filter.registered')}
        aria-label={t('device.filter.registered')}
        value={params.registered === undefined ? undefined : String(params.registered)}
        options={[
          { value: 'true', label: t('device.state.registered') },
          { value: 'false', label: t('device.state.unregistered') },
        ]}
        onChange={(v) => filter({ registered: boolParam(v) })}
      />
      <AutoComplete
        className="devreg-toolbar__filter"
        allowClear
        value={model}
        options={modelOptions}
        placeholder={t('device.filter.model')}
        aria-label={t('device.filter.model')}
        onChange={(v: string | undefined) => {
          setModel(v ?? '');
          if (!v && params.model) filter({ model: undefined });
        }}
        onSelect={(v: string | undefined) => filter({ model: v })}
        onBlur={() => {
          if (model.trim() !== (params.model ?? '')) filter({ model: model.trim() || undefined });
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') filter({ model: model.trim() || undefined });
        }}
      />
      <Select<string>
        className="devreg-toolbar__filter"
        allowClear
        placeholder={t('device.filter.vpn')}
        aria-label={t('device.filter.vpn')}
        value={params.vpn_state === undefined ? undefined : String(params.vpn_state)}
        options={[
          { value: 'true', label: t('device.vpn.on') },
          { value: 'false', label: t('device.vpn.off') },
        ]}
        onChange={(v) => filter({ vpn_state: boolParam(v) })}
      />
    </ListToolbar>
  );
}
