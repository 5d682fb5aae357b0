// Province / city / area picker loading each level lazily from GET /districtInfo?parent_code=.
import { useQueryClient } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { districtsQueryOptions } from '../../api/list-districts';

interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
  loading?: boolean;
}

function attach(options: RegionOption[], path: readonly string[], children: RegionOption[]): RegionOption[] {
  const [head, ...rest] = path;
  return options.map((o) => {
    if (o.value !== head) return o;
    if (rest.length === 0) return { ...o, children, loading: false };
    return { ...o, children: attach(o.children ?? [], rest, children) };
  });
}

interface Props {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

export function VirtualRegionCascader({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<RegionOption[]>([]);
  const [failed, setFailed] = useState(false);

  const level = async (parent: string): Promise<RegionOption[]> => {
    const rows = await queryClient.query(districtsQueryOptions(parent));
    return rows.map((d) => ({ value: d.code, label: d.name, isLeaf: d.leaf }));
  };

  // Provinces, plus the levels along the initial value so an edited record shows its names.
  const initial = value?.join(',') ?? '';
  useEffect(() => {
    const live = { alive: true };
    const path = initial ? initial.split(',') : [];
    void (async () => {
      try {
        let tree = await level('');
        for (let i = 0; i < path.length - 1; i += 1) {
          tree = attach(tree, path.slice(0, i + 1), await level(path[i] ?? ''));
        }
        if (live.alive) setOptions(tree);
      } catch {
        if (live.alive) setFailed(true);
      }
    })();
    return () => {
      live.alive = false;
    };
    // Only the first value matters; later changes come from this picker itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      value={value}
      changeOnSelect
      allowClear
      showSearch={false}
      placeholder={failed ? t('device.virtual.regionFailed') : t('device.virtual.field.regionPlaceholder')}
      status={failed ? 'warning' : undefined}
      loadData={(selected) => {
        const target = selected[selected.length - 1];
        if (!target) return;
        const path = selected.map((o) => o.value);
        void level(target.value)
          .then((children) => setOptions((prev) => attach(prev, path, children)))
          .catch(() => setFailed(true));
      }}
      onChange={(next?: string[]) => onChange?.(next ?? [])}
    />
  );
}
