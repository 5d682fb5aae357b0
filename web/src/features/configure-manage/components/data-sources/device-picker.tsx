// Data version 2.0: picks the real device a data source is read from (GET /dev, searched by SN or alias); empty
// means the device bound to the template.
import { Select } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { usePickerDevices } from '../../api/data-source-devices';

interface DevicePickerProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The saved device, shown even when it is not on the first page of matches. */
  current: { id: number; sn: string } | null;
}

export function DevicePicker({ id, value, onChange, current }: DevicePickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword);
  const devices = usePickerDevices(deferred, true);

  const options = useMemo(() => {
    const list = (devices.data?.items ?? []).map((d) => ({
      value: d.id,
      label: d.alias ? `${d.sn_code} · ${d.alias}` : d.sn_code,
    }));
    if (current && !list.some((o) => o.value === current.id))
      list.unshift({ value: current.id, label: current.sn });
    return list;
  }, [devices.data, current]);

  return (
    <Select<number | null>
      {...(id ? { id } : {})}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={devices.isFetching}
      placeholder={t('configure.dataSource.field.devicePlaceholder')}
      notFoundContent={t('configure.dataSource.field.deviceSearch')}
      options={options}
    />
  );
}
