// A searchable picker of the templates a virtual device may bind: the caller's own and those shared with them
// (GET /yun/module?relation=all&q=); an unpublished one is marked as such.
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useTemplateOptions } from '../api/template-options';

type Props = Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch' | 'filterOption'> & {
  /** The template bound now (edit), so its name shows before a search finds it. */
  known?: { id: number; name: string } | null;
};

export function VirtualTemplateSelect({ known = null, ...props }: Props) {
  const { t } = useTranslation();
  const { setTyped, q } = useDebouncedSearch();
  const templates = useTemplateOptions(q);
  const options = useMemo(() => {
    const out = (templates.data?.items ?? []).map((tpl) => ({
      value: tpl.id,
      label: tpl.published ? tpl.name : t('device.virtual.field.templateDraft', { name: tpl.name }),
    }));
    if (known && !out.some((o) => o.value === known.id)) out.push({ value: known.id, label: known.name });
    return out;
  }, [templates.data, known, t]);

  return (
    <Select<number>
      allowClear
      placeholder={t('device.virtual.field.templatePlaceholder')}
      notFoundContent={
        templates.isFetching ? t('device.virtual.searching') : t('device.virtual.field.noTemplate')
      }
      {...props}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={templates.isFetching}
      options={options}
    />
  );
}
