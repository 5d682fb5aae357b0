// A searchable picker of the caller's devices (registered ones by default), single or multiple. A chosen device the
// first page lacks is labelled from `known`, or, with `nameChosen`, asked for by id.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import {
  devicePickerKey,
  getPickerDevices,
  listPickerDevices,
  pickerDevicesKey,
  type DeviceSearch,
  type PickerDevice,
} from './picker-api';
import { RemoteSelect, type PickerOption, type RemoteLookup, type RemoteSelectProps } from './remote-select';

const NAMED: RemoteLookup<PickerDevice> = { queryKey: pickerDevicesKey, fetch: getPickerDevices };

/** "alias (SN)", or the SN alone. */
export function deviceLabel(d: { sn_code: string; alias: string | null }): string {
  return d.alias ? `${d.alias} (${d.sn_code})` : d.sn_code;
}

export type DevicePickerProps<V> = Omit<
  RemoteSelectProps<PickerDevice, V>,
  'queryKey' | 'fetchPage' | 'toOption' | 'known' | 'lookup'
> &
  DeviceSearch & {
    /** Devices already chosen (edit), so their labels show before a search finds them. */
    known?: readonly PickerDevice[];
    formatLabel?: (d: PickerDevice) => string;
    /** Ask for a chosen device beyond the first page by its id (GET /dev/basic/{id}) when `known` has it not. */
    nameChosen?: boolean;
  };

export function DevicePicker<V = number | number[]>({
  registered = true,
  pageSize,
  known = [],
  formatLabel = deviceLabel,
  nameChosen = false,
  ...props
}: DevicePickerProps<V>) {
  const { t } = useTranslation();
  const search: DeviceSearch = { registered, ...(pageSize ? { pageSize } : {}) };
  const toOption = useCallback(
    (d: PickerDevice): PickerOption => ({ value: d.id, label: formatLabel(d) }),
    [formatLabel],
  );
  return (
    <RemoteSelect<PickerDevice, V>
      placeholder={t('common.picker.devicePlaceholder')}
      searchingText={t('common.picker.searching')}
      emptyText={t('common.picker.noDevice')}
      {...props}
      queryKey={(q) => devicePickerKey(q, search)}
      fetchPage={(q) => listPickerDevices(q, search)}
      toOption={toOption}
      known={known.map(toOption)}
      {...(nameChosen ? { lookup: NAMED } : {})}
    />
  );
}
