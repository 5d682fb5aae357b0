// App keys (/system/appKeys, P80000; issue 36 point 4, docs/api-system.md "Open API"): the keys integrators call the
// API with, each its owner's rights narrowed to its scopes. The list shows each key's id, scopes, limits and use
// today, expiry, last use and state; "New key" opens the form and the new secret is shown once; Revoke ends a key at
// once after a confirmation. The tenant's administrator sees every key of the tenant, with its owner.
import { KeyOutlined, PlusOutlined, ReadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { actionColumn, useFitScroll } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { formatTime } from '@/lib/telemetry/format';
import { toast } from '@/lib/toast';
import { APP_KEYS_PER_USER_MAX } from '@/types/limits.gen';
import { useAppKeys, useRevokeAppKey, type AppKeyOut, type AppKeyState } from '../api/app-keys';
import { AppKeyForm } from '../components/app-key-form';
import { AppKeySecretModal, type ShownKey } from '../components/app-key-secret-modal';
import { scopeKey } from '../lib/app-keys';
import '../app-keys.css';

const STATE_COLOR: Record<AppKeyState, string> = {
  active: 'success',
  expired: 'warning',
  revoked: 'default',
};

// In the viewer's zone; never (null or 0) as the one empty mark.
const time = (ms: number | null | undefined) => formatTime(ms === 0 ? null : ms, 'YYYY-MM-DD HH:mm');

export default function AppKeysPage() {
  const { t } = useTranslation();
  const keys = useAppKeys();
  const revoke = useRevokeAppKey();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownKey | null>(null);
  const items = keys.data ?? [];
  const owners = new Set(items.map((k) => k.owner_id));
  const live = items.filter((k) => k.state !== 'revoked').length;
  const full = live >= APP_KEYS_PER_USER_MAX;

  const columns: NonNullable<TableProps<AppKeyOut>['columns']> = [
    {
      title: t('system.appKeys.column.name'),
      key: 'name',
      minWidth: 200,
      render: (_: unknown, key: AppKeyOut) => (
        <div className="app-key-name">
          <Typography.Text strong>{key.name}</Typography.Text>
          <Typography.Text code copyable className="app-key-id">
            {key.key_id}
          </Typography.Text>
          {owners.size > 1 && (
            <CellText secondary>{t('system.appKeys.list.owner', { name: key.owner_name })}</CellText>
          )}
        </div>
      ),
    },
    {
      title: t('system.appKeys.column.scopes'),
      key: 'scopes',
      width: 220,
      render: (_: unknown, key: AppKeyOut) => (
        <span className="app-key-tags">
          {key.scopes.map((s) => (
            <Tag key={s}>{t(`system.appKeys.scope.${scopeKey(s)}`)}</Tag>
          ))}
        </span>
      ),
    },
    {
      title: t('system.appKeys.column.limits'),
      key: 'limits',
      width: 170,
      responsive: ['md'],
      render: (_: unknown, key: AppKeyOut) => (
        <div className="app-key-limits">
          <span>{t('system.appKeys.list.rate', { n: key.rate_per_minute })}</span>
          <Typography.Text type="secondary">
            {t('system.appKeys.list.used', { n: key.used_today, max: key.daily_quota })}
          </Typography.Text>
          {key.allowed_ips.length > 0 && (
            <Tooltip title={key.allowed_ips.join(', ')}>
              <Typography.Text type="secondary" tabIndex={0}>
                {t('system.appKeys.list.ips', { n: key.allowed_ips.length })}
              </Typography.Text>
            </Tooltip>
          )}
        </div>
      ),
    },
    {
      title: t('system.appKeys.column.used'),
      key: 'used',
      width: 170,
      responsive: ['lg'],
      render: (_: unknown, key: AppKeyOut) =>
        key.last_used_at ? (
          <div className="app-key-limits">
            <span>{time(key.last_used_at)}</span>
            <Typography.Text type="secondary">{key.last_used_ip}</Typography.Text>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('system.appKeys.list.neverUsed')}</Typography.Text>
        ),
    },
    {
      title: t('system.appKeys.column.state'),
      key: 'state',
      width: 150,
      render: (_: unknown, key: AppKeyOut) => (
        <div className="app-key-limits">
          <Tag color={STATE_COLOR[key.state]}>{t(`system.appKeys.state.${key.state}`)}</Tag>
          <Typography.Text type="secondary" className="app-key-expiry">
            {key.expires_at
              ? t('system.appKeys.list.expires', { at: time(key.expires_at) })
              : t('system.appKeys.list.noExpiry')}
          </Typography.Text>
        </div>
      ),
    },
    actionColumn<AppKeyOut>({
      title: t('system.appKeys.column.actions'),
      labels: [t('system.appKeys.action.revoke')],
      more: false,
      render: (key) => (
        <RowActions
          moreLabel={t('system.appKeys.list.more', { name: key.name })}
          actions={[
            {
              key: 'revoke',
              label: t('system.appKeys.action.revoke'),
              danger: true,
              disabled: key.state === 'revoked',
              loading: revoke.isPending && revoke.variables === key.id,
              confirm: {
                title: t('system.appKeys.revoke.title', { name: key.name }),
                content: t('system.appKeys.revoke.content'),
                okText: t('system.appKeys.action.revoke'),
              },
              onClick: () =>
                revoke.mutate(key.id, {
                  onSuccess: () => toast.success(t('system.appKeys.revoke.done', { name: key.name })),
                }),
            },
          ]}
        />
      ),
    }),
  ];
  const scroll = useFitScroll(columns);

  const create = (
    <Tooltip title={full ? t('system.appKeys.list.full', { max: APP_KEYS_PER_USER_MAX }) : undefined}>
      <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setCreating(true)}>
        {t('system.appKeys.list.create')}
      </Button>
    </Tooltip>
  );

  const empty = keys.isPending ? (
    <div className="app-key-pending" />
  ) : keys.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.appKeys.list.failedToLoad')}>
      <Button icon={<ReloadOutlined />} onClick={() => void keys.refetch()}>
        {t('common.action.retry')}
      </Button>
    </Empty>
  ) : (
    <Empty
      image={<KeyOutlined className="app-key-empty__icon" />}
      description={
        <span className="app-key-empty">
          <Typography.Text strong>{t('system.appKeys.list.empty')}</Typography.Text>
          <Typography.Text type="secondary">{t('system.appKeys.list.emptyHint')}</Typography.Text>
        </span>
      }
    >
      {create}
    </Empty>
  );

  return (
    <div className="page app-keys-page">
      <PageHeader title={t('menu.appKeys')} subTitle={t('system.appKeys.subtitle')} />
      <Card>
        <ListToolbar className="app-key-toolbar">
          <Typography.Text type="secondary" className="app-key-toolbar__note">
            {t('system.appKeys.list.intro')}{' '}
            <Link to="/documentAppKey">
              <ReadOutlined /> {t('system.appKeys.docLink')}
            </Link>
          </Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('system.appKeys.refresh')}
            loading={keys.isFetching}
            onClick={() => void keys.refetch()}
          />
          {create}
        </ListToolbar>
        <DataTable<AppKeyOut>
          size="middle"
          rowKey="id"
          columns={columns}
          scroll={scroll}
          tableLayout="fixed"
          dataSource={items}
          loading={keys.isPending}
          locale={{ emptyText: empty }}
          rowClassName={(key) => (key.state === 'active' ? '' : 'app-key-row--off')}
          pagination={false}
        />
      </Card>
      <AppKeyForm open={creating} onClose={() => setCreating(false)} onCreated={(made) => setShown(made)} />
      <AppKeySecretModal shown={shown} onClose={() => setShown(null)} />
    </div>
  );
}
