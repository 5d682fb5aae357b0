// The template to bind devices to: the caller's own templates and the received ones carrying `bind`.
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import type { LibraryTemplate } from '../../types-library';

interface BindTemplateSelectProps {
  templates: LibraryTemplate[];
  loading: boolean;
  value: number | null;
  onChange: (id: number | null) => void;
}

export function BindTemplateSelect({ templates, loading, value, onChange }: BindTemplateSelectProps) {
  const { t } = useTranslation();
  const option = (tpl: LibraryTemplate) => ({
    value: tpl.id,
    search: `${tpl.name} ${tpl.owner_name}`,
    label: (
      <span className="tpl-lib-option">
        <span className="tpl-lib-option__name">{tpl.name}</span>
        {tpl.published ? (
          <Tag color="green" variant="filled">
            {t('configure.bind.template.published')}
          </Tag>
        ) : (
          <Tag variant="filled">{t('configure.bind.template.unpublished')}</Tag>
        )}
        {tpl.relation === 'share' && (
          <span className="tpl-lib-option__owner">
            {t('configure.bind.template.from', { owner: tpl.owner_name })}
          </span>
        )}
      </span>
    ),
  });
  const own = templates.filter((tpl) => tpl.relation === 'owner');
  const received = templates.filter((tpl) => tpl.relation === 'share');
  const options = [
    ...(own.length ? [{ label: t('configure.bind.template.own'), options: own.map(option) }] : []),
    ...(received.length
      ? [{ label: t('configure.bind.template.received'), options: received.map(option) }]
      : []),
  ];
  return (
    <Select<number>
      className="tpl-lib-template-select"
      showSearch={{ optionFilterProp: 'search' }}
      allowClear
      loading={loading}
      value={value ?? undefined}
      placeholder={t('configure.bind.template.placeholder')}
      aria-label={t('configure.bind.template.label')}
      options={options}
      labelRender={({ value: id }) => templates.find((tpl) => tpl.id === id)?.name ?? ''}
      notFoundContent={t('configure.bind.template.none')}
      onChange={(id: number | undefined) => onChange(id ?? null)}
    />
  );
}
