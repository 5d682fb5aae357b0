// Device templates (/configureManage/devTemplate, P41000): the caller's own or received templates, searchable,
// filterable, sortable and paged through the URL; create, edit, copy, delete, publish and open each one.
import {
  AppstoreAddOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Segmented, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { ListSearch, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { CellLines, CellText } from '../../../components/table/cell-text';
import { actionColumn, FROM_XXL, useFitScroll } from '../../../components/table/fit-columns';
import { RowActions } from '../../../components/table/row-actions';
import { useTemplates } from '../api/list-templates';
import { CopyTemplateModal } from '../components/copy-template-modal';
import { TemplateFormModal } from '../components/template-form-modal';
import { TemplateStateTag } from '../components/template-state-tag';
import { useTemplateActions } from '../hooks/use-template-actions';
import { formatTime } from '../lib/template-format';
import { SORT_OPTIONS, fromSearch, isFiltered, parseSort, sortValue, toSearch } from '../lib/params';
import { templateAbilities } from '../lib/state';
import { templateOverviewPath } from '../lib/template-paths';
import type { ListRelation, TemplateListParams, TemplateOut, TemplateType } from '../types';
import '../components/templates.css';
import { useArrivalDialog } from '../../../lib/arrival';
import { DataTable } from '../../../components/table/data-table';

type Dialog = { kind: 'form'; template: TemplateOut | null } | { kind: 'copy'; template: TemplateOut };

export default function DevTemplatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // The URL holds the list's state, so "back" from a template's overview returns to the same page.
  const params = fromSearch(searchParams);
  const setParams = (next: TemplateListParams) => setSearchParams(toSearch(next), { replace: true });
  const filter = (patch: Partial<TemplateListParams>) => setParams({ ...params, ...patch, page: 1 });
  const templates = useTemplates(params);
  const actions = useTemplateActions();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);

  const show = (next: Dialog) => {
    setDialog(next);
    setOpen(true);
  };
  const close = () => setOpen(false);
  useArrivalDialog('create', () => show({ kind: 'form', template: null }));
  const relation: ListRelation = params.relation ?? 'own';
  const total = templates.data?.total ?? 0;
  const filtered = isFiltered(params);

  const columns: TableColumnsType<TemplateOut> = [
    {
      key: 'name',
      title: t('configure.template.field.name'),
      minWidth: 200,
      render: (_: unknown, tpl) => (
        <CellLines
          primary={
            <Link to={templateOverviewPath(tpl.id)} className="tpl-name__link">
              {tpl.name}
            </Link>
          }
          primaryTooltip={tpl.name}
          secondary={tpl.description}
        />
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
  const scroll = useFitScroll(columns);

  function rowActions(template: TemplateOut) {
    const can = templateAbilities(template);
    return (
      <RowActions
        moreLabel={t('configure.template.action.more', { name: template.name })}
        actions={[
          can.edit && {
            key: 'edit',
            label: t('configure.template.action.edit'),
            onClick: () => actions.confirmEdit(template, () => show({ kind: 'form', template })),
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
            onClick: () => show({ kind: 'copy', template }),
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

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => show({ kind: 'form', template: null })}>
      {t('configure.template.action.create')}
    </Button>
  );

  const empty = (
    <Empty
      className="tpl-empty"
      image={filtered ? Empty.PRESENTED_IMAGE_SIMPLE : <AppstoreAddOutlined className="tpl-empty__icon" />}
      description={
        filtered ? (
          t('configure.template.noMatch')
        ) : relation === 'received' ? (
          t('configure.template.emptyReceived')
        ) : (
          <div>
            <div className="tpl-empty__title">{t('configure.template.empty')}</div>
            <Typography.Text type="secondary">{t('configure.template.emptyHint')}</Typography.Text>
          </div>
        )
      }
    >
      {!filtered && relation !== 'received' && createButton}
    </Empty>
  );

  return (
    <div className="page tpl-page">
      <PageHeader
        title={t('menu.devTemplate')}
        subTitle={t('configure.template.subtitle')}
        extra={createButton}
      />
      <Card
        className="tpl-list"
        title={
          <Space size={12}>
            <Segmented<ListRelation>
              value={relation}
              options={(['own', 'received', 'all'] as const).map((value) => ({
                value,
                label: t(`configure.template.relation.${value}`),
              }))}
              onChange={(value) => filter({ relation: value })}
            />
            <Typography.Text type="secondary" className="tpl-count">
              {t('configure.template.total', { count: total })}
            </Typography.Text>
          </Space>
        }
        extra={
          <Tooltip title={t('configure.template.action.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('configure.template.action.refresh')}
              loading={templates.isFetching && !templates.isPending}
              onClick={() => void templates.refetch()}
            />
          </Tooltip>
        }
      >
        <ListToolbar className="tpl-toolbar">
          <ListSearch
            className="tpl-toolbar__search"
            value={params.q}
            placeholder={t('configure.template.searchPlaceholder')}
            onSearch={(q) => filter({ q: q })}
          />
          <Select<TemplateType>
            className="tpl-toolbar__filter"
            allowClear
            placeholder={t('configure.template.filter.type')}
            aria-label={t('configure.template.filter.type')}
            value={params.type}
            options={(['standard', 'nonstandard'] as const).map((value) => ({
              value,
              label: t(`configure.template.type.${value}`),
            }))}
            onChange={(value) => filter({ type: value })}
          />
          <Select<string>
            className="tpl-toolbar__filter"
            allowClear
            placeholder={t('configure.template.filter.published')}
            aria-label={t('configure.template.filter.published')}
            value={params.published === undefined ? undefined : String(params.published)}
            options={[
              { value: 'true', label: t('configure.template.state.publishedPlain') },
              { value: 'false', label: t('configure.template.state.unpublished') },
            ]}
            // Cleared: antd passes undefined, which the Select's typing does not admit.
            onChange={(value: string | undefined) =>
              filter({ published: value === undefined ? undefined : value === 'true' })
            }
          />
          <Select<string>
            className="tpl-toolbar__sort"
            aria-label={t('configure.template.sort.label')}
            value={sortValue(params)}
            options={SORT_OPTIONS.map((value) => ({
              value,
              label: t(`configure.template.sort.${value.replace(':', '_')}`),
            }))}
            onChange={(value) => filter(parseSort(value))}
          />
        </ListToolbar>
        {templates.isError && !templates.data ? (
          <Empty
            className="tpl-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('configure.template.loadFailed')}
          >
            <Button icon={<ReloadOutlined />} onClick={() => void templates.refetch()}>
              {t('configure.template.action.retry')}
            </Button>
          </Empty>
        ) : (
          <DataTable<TemplateOut>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={templates.data?.items ?? []}
            loading={templates.isPending || (templates.isFetching && templates.isPlaceholderData)}
            locale={{ emptyText: templates.isPending ? ' ' : empty }}
            scroll={scroll}
            onRow={(tpl) => ({
              onDoubleClick: () => void navigate(templateOverviewPath(tpl.id)),
            })}
            pagination={{
              current: params.page,
              pageSize: params.page_size,
              total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (n) => t('configure.template.total', { count: n }),
              hideOnSinglePage: total <= 10,
            }}
            onChange={(pagination) =>
              setParams({
                ...params,
                page: pagination.current ?? 1,
                page_size: pagination.pageSize ?? params.page_size,
              })
            }
          />
        )}
      </Card>

      <TemplateFormModal
        open={open && dialog?.kind === 'form'}
        template={dialog?.kind === 'form' ? dialog.template : null}
        onClose={close}
        onCreated={(tpl) => void navigate(templateOverviewPath(tpl.id))}
      />
      <CopyTemplateModal
        open={open && dialog?.kind === 'copy'}
        template={dialog?.kind === 'copy' ? dialog.template : null}
        onClose={close}
      />
    </div>
  );
}
