// The "Forward targets" tab of /configureManage/automation: where a rule's forward action sends a device's values
// (an HTTP endpoint, an MQTT broker, a MySQL or PostgreSQL table, or the product's own table), up to 50 a tenant.
// Each with its kind, where it points, whether a secret is set, and its actions: edit, test (one test row; the
// result shown beside it), the received rows (the own table) and delete (confirmed; refused while a rule uses it).
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { actionColumn, useFitScroll } from '@/components/table/fit-columns';
import { ListEmpty } from '@/components/table/list-empty';
import { RowActions } from '@/components/table/row-actions';
import { orEmpty } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { formatTime } from '@/lib/telemetry/format';
import { toast } from '@/lib/toast';
import {
  useDeleteTarget,
  useTargets,
  useTestTarget,
  type DatabaseConfig,
  type HttpConfig,
  type MqttConfig,
  type Target,
  type TargetTest,
} from '../api';
import { LIMITS } from '../lib/rules';
import { TargetForm } from './target-form';
import { TargetRows } from './target-rows';

const IN_USE = '117873';

/** Where a target points, in one line. */
export function targetAddress(target: Target): string {
  switch (target.kind) {
    case 'http':
      return (target.config as HttpConfig).url;
    case 'mqtt': {
      const c = target.config as MqttConfig;
      return `${c.tls ? 'mqtts' : 'mqtt'}://${c.host}:${String(c.port)} · ${c.topic}`;
    }
    case 'mysql':
    case 'postgresql': {
      const c = target.config as DatabaseConfig;
      return `${c.host}:${String(c.port)}/${c.database} · ${c.table}`;
    }
    case 'table':
      return '';
  }
}

export function TargetList() {
  const { t } = useTranslation();
  const c = (key: string, options?: Record<string, unknown>) =>
    t(`configure.automation.target.${key}`, options);
  const targets = useTargets();
  const test = useTestTarget();
  const remove = useDeleteTarget();
  const [editing, setEditing] = useState<{ open: boolean; target: Target | null }>({
    open: false,
    target: null,
  });
  const [viewing, setViewing] = useState<{ open: boolean; target: Target | null }>({
    open: false,
    target: null,
  });
  const [tested, setTested] = useState<ReadonlyMap<number, TargetTest>>(new Map());
  const rows = targets.data?.list ?? [];
  const full = rows.length >= LIMITS.targetsPerTenant;

  const runTest = (target: Target) =>
    test.mutate(target.id, {
      onSuccess: (result) => {
        setTested((was) => new Map(was).set(target.id, result));
        if (result.ok) toast.success(c('testOk', { name: target.name }));
        else toast.error(c('testFailed', { name: target.name, error: result.error }));
      },
    });

  const onDelete = (target: Target) =>
    remove.mutate(target.id, {
      onSuccess: () => toast.success(c('deleted', { name: target.name })),
      onError: (e) =>
        toast.error(isApiError(e) && e.code === IN_USE ? c('inUse', { name: target.name }) : e.message),
    });

  const columns: NonNullable<TableProps<Target>['columns']> = [
    {
      title: c('name'),
      key: 'name',
      minWidth: 160,
      render: (_: unknown, x: Target) => (
        <button
          type="button"
          className="automation-open"
          onClick={() => setEditing({ open: true, target: x })}
        >
          {x.name}
        </button>
      ),
    },
    {
      title: c('kind'),
      key: 'kind',
      width: 130,
      render: (_: unknown, x: Target) => <Tag>{c(`kinds.${x.kind}`)}</Tag>,
    },
    {
      title: c('address'),
      key: 'address',
      minWidth: 200,
      render: (_: unknown, x: Target) => {
        const text = targetAddress(x);
        return <CellText tooltip={text || undefined}>{orEmpty(text)}</CellText>;
      },
    },
    {
      title: c('secret'),
      key: 'secret',
      width: 90,
      responsive: ['md'],
      render: (_: unknown, x: Target) =>
        x.has_secret ? (
          <Tag color="blue">{c('secretSet')}</Tag>
        ) : (
          <Typography.Text type="secondary">{orEmpty(null)}</Typography.Text>
        ),
    },
    {
      title: c('lastTest'),
      key: 'test',
      width: 110,
      render: (_: unknown, x: Target) => {
        const result = tested.get(x.id);
        if (!result) return <Typography.Text type="secondary">{orEmpty(null)}</Typography.Text>;
        return result.ok ? (
          <Tag color="success">{c('ok')}</Tag>
        ) : (
          <Tooltip title={result.error}>
            <Tag color="error" tabIndex={0}>
              {c('failed')}
            </Tag>
          </Tooltip>
        );
      },
    },
    {
      title: c('updated'),
      key: 'updated_at',
      width: 160,
      responsive: ['lg'],
      render: (_: unknown, x: Target) => formatTime(x.updated_at),
    },
    actionColumn<Target>({
      title: c('actions'),
      labels: [c('edit'), c('test')],
      more: true,
      render: (x) => (
        <RowActions
          moreLabel={c('more', { name: x.name })}
          actions={[
            { key: 'edit', label: c('edit'), onClick: () => setEditing({ open: true, target: x }) },
            {
              key: 'test',
              label: c('test'),
              loading: test.isPending && test.variables === x.id,
              onClick: () => runTest(x),
            },
            x.kind === 'table' && {
              key: 'rows',
              label: c('rows'),
              menu: true,
              onClick: () => setViewing({ open: true, target: x }),
            },
            {
              key: 'delete',
              label: c('delete'),
              menu: true,
              danger: true,
              confirm: {
                title: c('deleteTitle', { name: x.name }),
                content: c('deleteContent'),
                okText: c('delete'),
              },
              onClick: () => onDelete(x),
            },
          ]}
        />
      ),
    }),
  ];
  const scroll = useFitScroll(columns);

  return (
    <>
      <ListToolbar className="automation-toolbar">
        <Typography.Text type="secondary" className="automation-toolbar__note">
          {c('intro')}
        </Typography.Text>
        <Typography.Text type="secondary">
          {c('count', { n: rows.length, max: LIMITS.targetsPerTenant })}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('configure.automation.refresh')}
          loading={targets.isFetching}
          onClick={() => void targets.refetch()}
        />
        <Tooltip title={full ? c('full', { max: LIMITS.targetsPerTenant }) : undefined}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={full}
            onClick={() => setEditing({ open: true, target: null })}
          >
            {c('create')}
          </Button>
        </Tooltip>
      </ListToolbar>
      <DataTable<Target>
        size="middle"
        rowKey="id"
        columns={columns}
        scroll={scroll}
        tableLayout="fixed"
        dataSource={rows}
        loading={targets.isPending}
        pagination={false}
        locale={{
          emptyText: (
            <ListEmpty
              query={targets}
              filtered={false}
              texts={{
                failed: c('loadFailed'),
                noMatch: c('empty'),
                empty: c('empty'),
                emptyHint: c('emptyHint'),
              }}
              classNames={{
                pending: 'automation-pending',
                icon: 'automation-empty__icon',
                empty: 'automation-empty',
              }}
            />
          ),
        }}
      />
      <TargetForm
        open={editing.open}
        target={editing.target}
        onClose={() => setEditing((was) => ({ ...was, open: false }))}
      />
      <TargetRows
        open={viewing.open}
        target={viewing.target}
        onClose={() => setViewing((was) => ({ ...was, open: false }))}
      />
    </>
  );
}
