// A searchable picker of registered devices (GET /dev?registered=true&q=), single or multiple.
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useDebouncedSearch } from '../../../lib/use-debounced-search';

import { useDeviceOptions } from '../api/device-options';

export interface KnownDevice {
  id: number;
  sn_code: string;
  alias: string | null;
}

export function deviceLabel(d: { sn_code: string; alias: string | null }): string {
  return d.alias ? `${d.alias} (${d.sn_code})` : d.sn_code;
}

type Props = Omit<SelectProps<number | number[]>, 'options' | 'loading' | 'showSearch' | 'filterOption'> & {
  /** Devices already chosen (edit), so their labels show before a search finds them. */
  known?: readonly KnownDevice[];
};

export function VirtualDeviceSelect({ known = [], ...props }: Props) {
  const { t } = useTranslation();
  const { setTyped, q } = useDebouncedSearch();
  const devices = useDeviceOptions(q);
  const options = useMemo(() => {
    const seen = new Set<number>();
    const out: { value: number; label: string }[] = [];
    for (const d of [...(devices.data?.items ?? []), ...known]) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      out.push({ value: d.id, label: deviceLabel(d) });
    }
    return out;
  }, [devices.data, known]);

  return (
    <Select<number | number[]>
      allowClear
      placeholder={t('device.virtual.field.devicePlaceholder')}
      notFoundContent={devices.isFetching ? t('device.virtual.searching') : t('device.virtual.noDevice')}
      {...props}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={devices.isFetching}
      options={options}
    />
  );
}
