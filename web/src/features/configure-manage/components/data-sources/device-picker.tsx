// Data version 2.0: picks the real device a data source is read from (any of the caller's devices, searched by SN
// or alias); empty means the device bound to the template.
import { useTranslation } from 'react-i18next';

import { DevicePicker as SharedDevicePicker } from '@/components/pickers/device-picker';
import type { PickerDevice } from '@/components/pickers/picker-api';

const PICKER_PAGE_SIZE = 50;

const snFirst = (d: PickerDevice) => (d.alias ? `${d.sn_code} · ${d.alias}` : d.sn_code);

interface DevicePickerProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The saved device, shown even when it is not on the first page of matches. */
  current: { id: number; sn: string } | null;
}

export function DevicePicker({ id, value, onChange, current }: DevicePickerProps) {
  const { t } = useTranslation();
  return (
    <SharedDevicePicker<number | null>
      {...(id ? { id } : {})}
      registered={false}
      pageSize={PICKER_PAGE_SIZE}
      formatLabel={snFirst}
      known={current ? [{ id: current.id, sn_code: current.sn, alias: null }] : []}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('configure.dataSource.field.devicePlaceholder')}
      notFoundContent={t('configure.dataSource.field.deviceSearch')}
    />
  );
}
