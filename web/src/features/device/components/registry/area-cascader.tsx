// Province → city → area picker that loads each level on demand from GET /districtInfo?parent_code=.
import { Cascader } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { districtsQueryOptions } from '../../api/list-districts';
import type { DistrictNode } from '../../types';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  loading?: boolean;
  children?: AreaOption[];
}

const toOptions = (nodes: DistrictNode[]): AreaOption[] =>
  nodes.map((n) => ({ value: n.code, label: n.name, isLeaf: n.leaf }));

/** Puts `children` under the option with `code` (anywhere in the tree), returning a new tree. */
function withChildren(options: AreaOption[], code: string, children: AreaOption[]): AreaOption[] {
  return options.map((o) => {
    if (o.value === code) return { ...o, children, loading: false, isLeaf: children.length === 0 };
    if (o.children) return { ...o, children: withChildren(o.children, code, children) };
    return o;
  });
}

interface AreaCascaderProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

export function AreaCascader({ id, value, onChange }: AreaCascaderProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<AreaOption[]>([]);
  const [failed, setFailed] = useState(false);
  const initial = value?.join('/') ?? '';

  // Provinces, plus the levels on the way to the current value so it shows with its names.
  useEffect(() => {
    let alive = true;
    const codes = initial ? initial.split('/') : [];
    const load = async () => {
      let tree = toOptions(await queryClient.query(districtsQueryOptions('')));
      for (const code of codes.slice(0, -1)) {
        tree = withChildren(tree, code, toOptions(await queryClient.query(districtsQueryOptions(code))));
      }
      if (alive) setOptions(tree);
    };
    load().catch(() => {
      if (alive) setFailed(true);
    });
    return () => {
      alive = false;
    };
    // Only on mount: later changes come from the cascader itself, whose levels are loaded already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const loadData = (selected: AreaOption[]) => {
    const target = selected.at(-1);
    if (!target) return;
    setOptions((tree) => tree.map((o) => (o.value === target.value ? { ...o, loading: true } : o)));
    queryClient.query(districtsQueryOptions(target.value)).then(
      (nodes) => setOptions((tree) => withChildren(tree, target.value, toOptions(nodes))),
      () => setOptions((tree) => withChildren(tree, target.value, [])),
    );
  };

  return (
    <Cascader<AreaOption>
      id={id}
      options={options}
      value={value}
      loadData={loadData}
      changeOnSelect
      allowClear
      showSearch={false}
      placeholder={failed ? t('device.area.loadFailed') : t('device.area.placeholder')}
      status={failed ? 'warning' : undefined}
      onChange={(v) => onChange?.(v)}
    />
  );
}
