// A searchable picker of the templates a virtual device may bind: the caller's own and those shared with them
// (GET /yun/module?relation=all&q=); an unpublished one is marked as such.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { RemoteSelect, type RemoteSelectProps } from '@/components/pickers/remote-select';
import {
  listTemplateOptions,
  templateOptionsQueryOptions,
  type TemplateOption,
} from '../../api/template-options';

type Props = Omit<
  RemoteSelectProps<TemplateOption, number>,
  'queryKey' | 'fetchPage' | 'toOption' | 'known'
> & {
  /** The template bound now (edit), so its name shows before a search finds it. */
  known?: { id: number; name: string } | null;
};

const queryKey = (q: string) => templateOptionsQueryOptions(q).queryKey;

export function VirtualTemplateSelect({ known = null, ...props }: Props) {
  const { t } = useTranslation();
  const toOption = useCallback(
    (tpl: TemplateOption) => ({
      value: tpl.id,
      label: tpl.published ? tpl.name : t('device.virtual.field.templateDraft', { name: tpl.name }),
    }),
    [t],
  );
  return (
    <RemoteSelect<TemplateOption, number>
      placeholder={t('device.virtual.field.templatePlaceholder')}
      searchingText={t('device.virtual.searching')}
      emptyText={t('device.virtual.field.noTemplate')}
      {...props}
      queryKey={queryKey}
      fetchPage={listTemplateOptions}
      toOption={toOption}
      known={known ? [{ value: known.id, label: known.name }] : []}
    />
  );
}
