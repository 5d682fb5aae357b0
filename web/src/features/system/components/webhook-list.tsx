// The "Subscriptions" tab of /system/webhooks: the tenant's outgoing webhooks, server-paged: each with its name and
// URL, a switch that turns it on or off (saved at once, nothing else changed), the events it hears, the devices it
// hears them of, what waits and what failed in the last day (a link to its log), and its actions: edit, send a test
// event, its log, a new secret (after a confirmation: the receiver must take the new one) and delete (after a
// confirmation). "New subscription" opens the form, up to the tenant's cap; a new subscription's secret, and a renewed
// one, is shown once.
import { ApiOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Switch, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { actionColumn, useFitScroll } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { WEBHOOKS_PER_TENANT_MAX } from '@/types/limits.gen';
import {
  useDeleteWebhook,
  useRenewWebhookSecret,
  useSendWebhookTest,
  useSetWebhookEnabled,
  useWebhooks,
  type WebhookOut,
} from '../api/webhooks';
import { eventName, WEBHOOK_EVENT_LIST } from '../lib/webhooks';
import { WebhookForm } from './webhook-form';
import { WebhookSecretModal } from './webhook-secret-modal';

const LIST_PARAMS: ParamSpec<object> = {};

interface Editing {
  open: boolean;
  hook: WebhookOut | null;
}

interface Shown {
  title: string;
  secret: string;
}

function Events({ hook }: { hook: WebhookOut }) {
  const { t } = useTranslation();
  if (hook.events.length === WEBHOOK_EVENT_LIST.length)
    return <Tag color="blue">{t('system.webhooks.list.allEvents')}</Tag>;
  const shown = hook.events.slice(0, 2);
  const rest = hook.events.slice(2);
  return (
    <span className="webhook-tags">
      {shown.map((e) => (
        <Tag key={e}>{eventName(t, e)}</Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((e) => eventName(t, e)).join(t('system.webhooks.list.and'))}>
          <Tag tabIndex={0}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}

function Devices({ hook }: { hook: WebhookOut }) {
  const { t } = useTranslation();
  if (hook.devices.length + hook.device_groups.length === 0)
    return <CellText secondary>{t('system.webhooks.list.allDevices')}</CellText>;
  const names = [
    ...hook.device_groups.map((g) => t('system.webhooks.list.group', { name: g.name })),
    ...hook.devices.map((d) => d.alias || d.sn_code),
  ];
  return <CellText tooltip={names.join(t('system.webhooks.list.and'))}>{names.join(' · ')}</CellText>;
}

export function WebhookList({ onShowLog }: { onShowLog: (subscriptionId: number) => void }) {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const { params } = list;
  const hooks = useWebhooks({ page: params.page, page_size: params.page_size });
  useClampPage(list, hooks.data?.total);
  const switchHook = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const renew = useRenewWebhookSecret();
  const test = useSendWebhookTest();
  const [editing, setEditing] = useState<Editing>({ open: false, hook: null });
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const [shown, setShown] = useState<Shown | null>(null);
  const total = hooks.data?.total ?? 0;
  const full = total >= WEBHOOKS_PER_TENANT_MAX;

  const edit = (hook: WebhookOut | null) => {
    setEditing({ open: true, hook });
  };

  const toggle = async (hook: WebhookOut, enabled: boolean) => {
    setSwitching((held) => new Set(held).add(hook.id));
    try {
      await switchHook.mutateAsync({ id: hook.id, enabled });
      toast.success(
        t(enabled ? 'system.webhooks.list.enabled' : 'system.webhooks.list.disabled', { name: hook.name }),
      );
    } catch {
      // The request's own toast says why.
    } finally {
      setSwitching((held) => {
        const next = new Set(held);
        next.delete(hook.id);
        return next;
      });
    }
  };

  const action = (key: string) => t(`system.webhooks.action.${key}`);
  const columns: NonNullable<TableProps<WebhookOut>['columns']> = [
    {
      title: t('system.webhooks.column.name'),
      key: 'name',
      minWidth: 200,
      render: (_: unknown, hook: WebhookOut) => (
        <div className="webhook-name">
          <button type="button" className="webhook-open" onClick={() => edit(hook)}>
            {hook.name}
          </button>
          <CellText secondary className="webhook-url" tooltip={hook.url}>
            {hook.url}
          </CellText>
        </div>
      ),
    },
    {
      title: t('system.webhooks.column.enabled'),
      key: 'enabled',
      width: 76,
      render: (_: unknown, hook: WebhookOut) => (
        <Switch
          size="small"
          checked={hook.enabled}
          loading={switching.has(hook.id)}
          aria-label={t('system.webhooks.list.toggle', { name: hook.name })}
          onChange={(on) => void toggle(hook, on)}
        />
      ),
    },
    {
      title: t('system.webhooks.column.events'),
      key: 'events',
      width: 240,
      render: (_: unknown, hook: WebhookOut) => <Events hook={hook} />,
    },
    {
      title: t('system.webhooks.column.devices'),
      key: 'devices',
      minWidth: 140,
      responsive: ['md'],
      render: (_: unknown, hook: WebhookOut) => <Devices hook={hook} />,
    },
    {
      title: t('system.webhooks.column.deliveries'),
      key: 'deliveries',
      width: 150,
      render: (_: unknown, hook: WebhookOut) => (
        <button
          type="button"
          className="webhook-stats"
          aria-label={t('system.webhooks.list.showLog', { name: hook.name })}
          onClick={() => onShowLog(hook.id)}
        >
          {hook.failed > 0 && <Tag color="error">{t('system.webhooks.list.failed', { n: hook.failed })}</Tag>}
          {hook.waiting > 0 && (
            <Tag color="warning">{t('system.webhooks.list.waiting', { n: hook.waiting })}</Tag>
          )}
          {hook.failed === 0 && hook.waiting === 0 && (
            <Typography.Text type="secondary">{t('system.webhooks.list.allSent')}</Typography.Text>
          )}
        </button>
      ),
    },
    actionColumn<WebhookOut>({
      title: t('system.webhooks.column.actions'),
      labels: [action('edit'), action('test')],
      more: true,
      render: (hook) => (
        <RowActions
          moreLabel={t('system.webhooks.list.more', { name: hook.name })}
          actions={[
            { key: 'edit', label: action('edit'), onClick: () => edit(hook) },
            {
              key: 'test',
              label: action('test'),
              loading: test.isPending && test.variables === hook.id,
              onClick: () =>
                test.mutate(hook.id, {
                  onSuccess: () => toast.success(t('system.webhooks.list.testSent', { name: hook.name })),
                }),
            },
            { key: 'log', label: action('log'), menu: true, onClick: () => onShowLog(hook.id) },
            {
              key: 'secret',
              label: action('secret'),
              menu: true,
              confirm: {
                title: t('system.webhooks.renew.title', { name: hook.name }),
                content: t('system.webhooks.renew.content'),
                okText: action('secret'),
              },
              onClick: () =>
                renew.mutate(hook.id, {
                  onSuccess: ({ secret }) =>
                    setShown({
                      title: t('system.webhooks.secret.renewedTitle', { name: hook.name }),
                      secret,
                    }),
                }),
            },
            {
              key: 'delete',
              label: action('delete'),
              menu: true,
              danger: true,
              confirm: {
                title: t('system.webhooks.delete.title', { name: hook.name }),
                content: t('system.webhooks.delete.content'),
                okText: action('delete'),
              },
              onClick: () =>
                remove.mutate(hook.id, {
                  onSuccess: () => toast.success(t('system.webhooks.delete.done', { name: hook.name })),
                }),
            },
          ]}
        />
      ),
    }),
  ];
  const scroll = useFitScroll(columns);

  const create = (
    <Tooltip title={full ? t('system.webhooks.list.full', { max: WEBHOOKS_PER_TENANT_MAX }) : undefined}>
      <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => edit(null)}>
        {t('system.webhooks.list.create')}
      </Button>
    </Tooltip>
  );

  const empty = hooks.isPending ? (
    <div className="webhook-pending" />
  ) : hooks.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.webhooks.list.failedToLoad')}>
      <Button icon={<ReloadOutlined />} onClick={() => void hooks.refetch()}>
        {t('common.action.retry')}
      </Button>
    </Empty>
  ) : (
    <Empty
      image={<ApiOutlined className="webhook-empty__icon" />}
      description={
        <span className="webhook-empty">
          <Typography.Text strong>{t('system.webhooks.list.empty')}</Typography.Text>
          <Typography.Text type="secondary">{t('system.webhooks.list.emptyHint')}</Typography.Text>
        </span>
      }
    >
      {create}
    </Empty>
  );

  return (
    <>
      <ListToolbar className="webhook-toolbar">
        <Typography.Text type="secondary" className="webhook-toolbar__note">
          {t('system.webhooks.list.intro')}
        </Typography.Text>
        <Typography.Text type="secondary" className="webhook-toolbar__count">
          {t('system.webhooks.list.count', { n: total, max: WEBHOOKS_PER_TENANT_MAX })}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('system.webhooks.refresh')}
          loading={hooks.isFetching}
          onClick={() => void hooks.refetch()}
        />
        {create}
      </ListToolbar>
      <DataTable<WebhookOut>
        size="middle"
        rowKey="id"
        columns={columns}
        scroll={scroll}
        tableLayout="fixed"
        dataSource={hooks.data?.items ?? []}
        loading={hooks.isPending || (hooks.isFetching && hooks.isPlaceholderData)}
        locale={{ emptyText: empty }}
        rowClassName={(hook) => (hook.enabled ? '' : 'webhook-row--off')}
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          hideOnSinglePage: true,
          showTotal: (count) => t('system.webhooks.total', { total: count }),
        }}
        onChange={(pagination) => {
          list.setPage(pagination.current ?? 1, pagination.pageSize);
        }}
      />
      <WebhookForm
        open={editing.open}
        hook={editing.hook}
        onClose={() => {
          setEditing((was) => ({ ...was, open: false }));
        }}
        onCreated={({ name, secret }) =>
          setShown({ title: t('system.webhooks.secret.createdTitle', { name }), secret })
        }
      />
      <WebhookSecretModal
        secret={shown?.secret ?? null}
        title={shown?.title ?? ''}
        onClose={() => setShown(null)}
      />
    </>
  );
}
