// The columns of the device template list: name (beside the main screen's thumbnail), state, type, screens, data sources, devices, the owner (received
// and all templates), last change and the row actions (edit, publish, copy, unpublish, delete).
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CellLines, CellText } from '@/components/table/cell-text';
import { actionColumn, FROM_XXL } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { TemplateStateTag } from '../components/template-state-tag';
import { TemplateThumbnail } from '../components/template-thumbnail';
import { useTemplateActions } from '../hooks/use-template-actions';
import { templateAbilities } from '../lib/state';
import { formatTime } from '../lib/template-format';
import { templateOverviewPath } from '../lib/template-paths';
import type { ListRelation, TemplateOut } from '../types';

interface TemplateColumnsOptions {
  relation: ListRelation;
  onEdit: (template: TemplateOut) => void;
  onCopy: (template: TemplateOut) => void;
}

export function useTemplateColumns({
  relation,
  onEdit,
  onCopy,
}: TemplateColumnsOptions): TableColumnsType<TemplateOut> {
  const { t } = useTranslation();
  const actions = useTemplateActions();

  function rowActions(template: TemplateOut) {
    const can = templateAbilities(template);
    return (
      <RowActions
        moreLabel={t('configure.template.action.more', { name: template.name })}
        actions={[
          can.edit && {
            key: 'edit',
            label: t('configure.template.action.edit'),
            onClick: () => actions.confirmEdit(template, () => onEdit(template)),
          },
          can.publish &&
            (!template.published || template.changed_since_publish) && {
              key: 'publish',
              label: t('configure.template.action.publish'),
              onClick: () => actions.confirmPublish(template),
            },
          can.copy && {
            key: 'copy',
            label: t('configure.template.action.copy'),
            icon: <CopyOutlined />,
            menu: true,
            onClick: () => onCopy(template),
          },
          can.publish &&
            template.published && {
              key: 'unpublish',
              label: t('configure.template.action.unpublish'),
              danger: true,
              menu: true,
              onClick: () => actions.confirmUnpublish(template),
            },
          can.delete && {
            key: 'delete',
            label: t('configure.template.action.delete'),
            icon: <DeleteOutlined />,
            danger: true,
            menu: true,
            onClick: () => actions.confirmDelete(template),
          },
        ]}
      />
    );
  }

  return [
    {
      key: 'name',
      title: t('configure.template.field.name'),
      minWidth: 260,
      // The main screen's thumbnail beside the name (also on a phone's card, whose title is this cell).
      render: (_: unknown, tpl) => (
        <div className="tpl-named">
          <TemplateThumbnail templateId={tpl.id} name={tpl.name} className="tpl-named__thumb" />
          <CellLines
            primary={
              <Link to={templateOverviewPath(tpl.id)} className="tpl-name__link">
                {tpl.name}
              </Link>
            }
            primaryTooltip={tpl.name}
            secondary={tpl.description}
          />
        </div>
      ),
    },
    {
      key: 'state',
      title: t('configure.template.field.state'),
      width: 130,
      render: (_: unknown, tpl) => <TemplateStateTag template={tpl} />,
    },
    {
      key: 'type',
      title: t('configure.template.field.type'),
      width: 120,
      render: (_: unknown, tpl) => (
        <span className="tpl-nowrap">
          <Tag variant="filled" color={tpl.type === 'standard' ? 'blue' : 'purple'}>
            {t(`configure.template.type.${tpl.type}`)}
          </Tag>
          <Typography.Text type="secondary">{tpl.data_version}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'screens',
      title: t('configure.template.field.screens'),
      width: 130,
      // With the owner column (received and all templates) the counts wait for a wide screen; the template's own
      // page shows them too.
      ...(relation === 'own' ? {} : { responsive: FROM_XXL }),
      render: (_: unknown, tpl) => (
        <span className="tpl-nowrap">
          {t('configure.template.screenCount', { web: tpl.web_screens, mobile: tpl.mobile_screens })}
        </span>
      ),
    },
    {
      key: 'data',
      dataIndex: 'data_source_count',
      title: t('configure.template.field.dataSources'),
      width: 90,
      align: 'right',
    },
    {
      key: 'bound',
      dataIndex: 'bound_count',
      title: t('configure.template.field.devices'),
      width: 90,
      align: 'right',
    },
    ...(relation === 'own'
      ? []
      : [
          {
            key: 'owner',
            title: t('configure.template.field.owner'),
            width: 120,
            render: (_: unknown, tpl: TemplateOut) =>
              tpl.relation === 'owner' ? (
                <Tag variant="filled">{t('configure.template.relation.owner')}</Tag>
              ) : (
                <CellText>{tpl.owner_name}</CellText>
              ),
          },
        ]),
    {
      key: 'updated_at',
      dataIndex: 'updated_at',
      title: t('configure.template.field.updatedAt'),
      width: 140,
      render: (ms: number) => <span className="tpl-nowrap">{formatTime(ms)}</span>,
    },
    actionColumn<TemplateOut>({
      title: t('configure.template.field.actions'),
      labels: [t('configure.template.action.edit'), t('configure.template.action.publish')],
      more: true,
      render: (tpl) => rowActions(tpl),
    }),
  ];
}
