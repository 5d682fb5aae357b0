// Template binding (/configureManage/templateBind, P42000): pick a template (own, or received with `bind`), then
// bind the caller's devices to it or unbind them, a page at a time, with the server's refusals spelled out.
import {
  ApiOutlined,
  DisconnectOutlined,
  LinkOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Empty, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { param, useClampPage, useListParams, type FilterPatch, type ParamSpec } from '@/lib/route-params';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import { useBindList } from '../api/bind-list';
import { useLibraryTemplates } from '../api/library-templates';
import { BindDeviceTable } from '../components/bind/bind-device-table';
import { BindTemplateSelect } from '../components/bind/bind-template-select';
import { bindPlan, templateIdParam, unbindTargets } from '../lib/library-bind';
import { middlewarePath, TEMPLATE_LIST_PATH } from '../lib/library-paths';
import { bindableTemplates } from '../lib/library-permissions';
import type { BindListParams, BindRow } from '../types-library';
import { useBindActions, type Refusal } from './use-bind-actions';
import '../components/library/library.css';

/** The device list's search, filter and paging in the URL beside `template_id` (another template starts afresh). */
const LIST_PARAMS: ParamSpec<{ q?: string; bound?: boolean }> = { q: param.text, bound: param.bool };

export default function TemplateBindPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const templates = useLibraryTemplates({ page: 1, page_size: PAGE_SIZE_MAX, relation: 'all' });
  const choices = useMemo(() => bindableTemplates(templates.data?.items ?? []), [templates.data]);
  const templateId = templateIdParam(searchParams.get('template_id'));
  const template = choices.find((tpl) => tpl.id === templateId) ?? null;

  const listParams = useListParams(LIST_PARAMS);
  const filters: Omit<BindListParams, 'template_id'> = listParams.params;
  const [selected, setSelected] = useState<BindRow[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const params = template ? { template_id: template.id, ...filters } : null;
  const devices = useBindList(params);
  useClampPage(listParams, devices.data?.total);

  const selectTemplate = (id: number | null) => {
    // A new query string: the device list's filters and page start afresh for the other template.
    setSearchParams(id === null ? {} : { template_id: String(id) }, { replace: true });
    setSelected([]);
    setRefusal(null);
  };
  const filter = (patch: FilterPatch<{ q?: string; bound?: boolean }>) => {
    listParams.filter(patch);
    setSelected([]);
  };

  const { onBind, onUnbind, binding, unbinding } = useBindActions({
    template,
    selected,
    onDone: () => {
      setSelected([]);
      setRefusal(null);
    },
    onRefusal: setRefusal,
  });

  const total = devices.data?.total ?? 0;
  const filtered = Boolean(filters.q) || filters.bound !== undefined;
  const plan = template ? bindPlan(selected, template.id) : null;
  const unbindable = template ? unbindTargets(selected, template.id).length : 0;

  let body: ReactNode;
  if (templates.isPending) body = <Card loading />;
  else if (templates.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('configure.bind.templatesFailed')}
        action={<Button onClick={() => void templates.refetch()}>{t('common.action.retry')}</Button>}
      />
    );
  else if (choices.length === 0)
    body = (
      <Card>
        <Empty description={t('configure.bind.noTemplates')} className="tpl-lib-empty">
          <Link to={TEMPLATE_LIST_PATH}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('configure.bind.createTemplate')}
            </Button>
          </Link>
        </Empty>
      </Card>
    );
  else if (!template)
    body = (
      <Card>
        <Empty
          image={<ApiOutlined className="tpl-lib-empty__icon" />}
          description={
            templateId !== null ? t('configure.bind.templateMissing') : t('configure.bind.pickTemplate')
          }
          className="tpl-lib-empty"
        />
      </Card>
    );
  else
    body = (
      <Card
        className="tpl-lib-card"
        title={
          <Space size={8}>
            <span>{t('configure.bind.devicesTitle')}</span>
            <Typography.Text type="secondary" className="tpl-lib-count">
              {t('configure.bind.total', { count: total })}
            </Typography.Text>
          </Space>
        }
        extra={
          <Space size={8} wrap>
            {selected.length > 0 && (
              <Typography.Text type="secondary">
                {t('configure.bind.selected', { count: selected.length })}
              </Typography.Text>
            )}
            <Button
              type="primary"
              icon={<LinkOutlined />}
              disabled={!plan || plan.bind.length === 0}
              loading={binding}
              onClick={onBind}
            >
              {plan && plan.bind.length > 0
                ? t('configure.bind.action.bindCount', { count: plan.bind.length })
                : t('configure.bind.action.bind')}
            </Button>
            <Button
              danger
              icon={<DisconnectOutlined />}
              disabled={unbindable === 0}
              loading={unbinding}
              onClick={onUnbind}
            >
              {unbindable > 0
                ? t('configure.bind.action.unbindCount', { count: unbindable })
                : t('configure.bind.action.unbind')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('configure.bind.action.refresh')}
              loading={devices.isFetching && !devices.isPending}
              onClick={() => void devices.refetch()}
            />
          </Space>
        }
      >
        {refusal && (
          <Alert
            className="tpl-lib-alert"
            type="error"
            showIcon
            closable={{ onClose: () => setRefusal(null) }}
            title={refusal.title}
            description={refusal.detail}
          />
        )}
        <ListToolbar className="tpl-lib-toolbar">
          <ListSearch
            className="tpl-lib-toolbar__search"
            value={filters.q}
            placeholder={t('configure.bind.searchPlaceholder')}
            onSearch={(q) => filter({ q: q })}
          />
          <Select<string>
            className="tpl-lib-toolbar__filter"
            allowClear
            placeholder={t('configure.bind.filter.bound')}
            aria-label={t('configure.bind.filter.bound')}
            value={filters.bound === undefined ? undefined : String(filters.bound)}
            options={[
              { value: 'true', label: t('configure.bind.filter.boundHere') },
              { value: 'false', label: t('configure.bind.filter.notBoundHere') },
            ]}
            onChange={(v: string | undefined) =>
              filter({ bound: v === undefined ? undefined : v === 'true' })
            }
          />
        </ListToolbar>
        {devices.isError && !devices.data ? (
          <Empty description={t('configure.bind.loadFailed')} className="tpl-lib-empty">
            <Button icon={<ReloadOutlined />} onClick={() => void devices.refetch()}>
              {t('common.action.retry')}
            </Button>
          </Empty>
        ) : (
          <BindDeviceTable
            rows={devices.data?.items ?? []}
            templateId={template.id}
            loading={devices.isPending || (devices.isFetching && devices.isPlaceholderData)}
            empty={
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('configure.bind.noMatch') : t('configure.bind.noDevices')}
              />
            }
            selected={selected}
            onSelect={setSelected}
            pagination={{
              current: filters.page,
              pageSize: filters.page_size,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              showTotal: (n) => t('configure.bind.total', { count: n }),
            }}
            onChange={(pagination) => {
              listParams.setPage(pagination.current ?? 1, pagination.pageSize);
            }}
          />
        )}
      </Card>
    );

  return (
    <div className="page tpl-lib">
      <PageHeader title={t('menu.templateBind')} subTitle={t('configure.bind.subtitle')} />
      {!templates.isPending && choices.length > 0 && (
        <Card className="tpl-lib-card tpl-lib-picker">
          <div className="tpl-lib-picker__row">
            <Typography.Text strong>{t('configure.bind.template.label')}</Typography.Text>
            <BindTemplateSelect
              templates={choices}
              loading={templates.isFetching}
              value={template?.id ?? null}
              onChange={selectTemplate}
            />
            {template && (
              <Space size={[8, 4]} wrap className="tpl-lib-picker__facts">
                {template.relation === 'share' && (
                  <Tag variant="filled" color="cyan">
                    {t('configure.bind.template.from', { owner: template.owner_name })}
                  </Tag>
                )}
                <Tag variant="filled" color={template.published ? 'green' : 'default'}>
                  {template.published
                    ? t('configure.bind.template.publishedVersion', {
                        version: template.published_release ?? 1,
                      })
                    : t('configure.bind.template.unpublished')}
                </Tag>
                <Typography.Text type="secondary">
                  {t('configure.bind.template.facts', {
                    bound: template.bound_count,
                    sources: template.data_source_count,
                    version: template.data_version,
                  })}
                </Typography.Text>
                <Link to={middlewarePath(template.id)}>{t('configure.bind.template.open')}</Link>
              </Space>
            )}
          </div>
          {template && !template.published && (
            <Typography.Text type="secondary" className="tpl-lib-picker__hint">
              {t('configure.bind.template.unpublishedHint')}
            </Typography.Text>
          )}
        </Card>
      )}
      {body}
    </div>
  );
}
