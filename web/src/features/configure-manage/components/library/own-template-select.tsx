// One of the caller's own templates, searched by name on the server (the share and hand-over dialogs).
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLibraryTemplates } from '../../api/library-templates';
import type { LibraryTemplate } from '../../types-library';

interface OwnTemplateSelectProps {
  value?: number | null;
  onChange?: (id: number | null, template: LibraryTemplate | null) => void;
  id?: string;
}

export function OwnTemplateSelect({ value, onChange, id }: OwnTemplateSelectProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const templates = useLibraryTemplates({
    page: 1,
    page_size: 50,
    relation: 'own',
    ...(keyword ? { q: keyword } : {}),
  });
  const items = templates.data?.items ?? [];
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      loading={templates.isFetching}
      value={value ?? undefined}
      placeholder={t('configure.library.pickTemplate')}
      aria-label={t('configure.library.field.template')}
      notFoundContent={t('configure.library.noOwnTemplates')}
      options={items.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
      onChange={(next: number | undefined) =>
        onChange?.(next ?? null, items.find((tpl) => tpl.id === next) ?? null)
      }
    />
  );
}
