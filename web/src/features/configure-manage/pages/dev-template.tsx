// Device templates (/configureManage/devTemplate, P41000): the caller's own or received templates, searchable,
// filterable, sortable and paged through the URL; create, edit, copy, delete, publish and open each one.
import { AppstoreAddOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useFitScroll } from '@/components/table/fit-columns';
import { useTemplates } from '../api/list-templates';
import { CopyTemplateModal } from '../components/copy-template-modal';
import { TemplateFormModal } from '../components/template-form-modal';
import { SORT_OPTIONS, fromSearch, isFiltered, parseSort, sortValue, toSearch } from '../lib/params';
import { templateOverviewPath } from '../lib/template-paths';
import type { ListRelation, TemplateListParams, TemplateOut, TemplateType } from '../types';
import { useTemplateColumns } from './dev-template-columns';
import '../components/templates.css';
import { useArrivalDialog } from '@/lib/arrival';
import { DataTable } from '@/components/table/data-table';

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

  const columns = useTemplateColumns({
    relation,
    onEdit: (template) => show({ kind: 'form', template }),
    onCopy: (template) => show({ kind: 'copy', template }),
  });
  const scroll = useFitScroll(columns);

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
