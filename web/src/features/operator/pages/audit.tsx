// The operators' audit (/operator/audit; docs/api-operations.md): who did what, to which tenant and target, the state
// before and after, and whether it was refused; filtered by action and days, and by an operator or a tenant picked
// from a record.
import { Card, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { EMPTY } from '@/lib/empty';
import { formatTime } from '@/lib/telemetry/format';

import { useAudit, type AuditRow } from '../api/operator';
import { OperatorFrame } from '../components/operator-frame';

const ACTIONS = [
  'login',
  'logout',
  'user_quotas',
  'user_permissions',
  'operator_scopes',
  'operator_contact',
  'vpn_query',
  'vpn_reset',
  'card_query',
  'card_activate',
  'alert_ack',
] as const;

function Change({ value }: { value: Record<string, unknown> | null }) {
  if (!value) return <>{EMPTY}</>;
  return (
    <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
      {JSON.stringify(value)}
    </Typography.Text>
  );
}

interface Picked {
  id: number;
  name: string;
}

/** The days picked as epoch ms: from the first day's start to the day after the last one. */
function rangeOf(days: readonly [Dayjs, Dayjs] | null): readonly [number, number] | null {
  return days ? [days[0].startOf('day').valueOf(), days[1].add(1, 'day').startOf('day').valueOf()] : null;
}

export default function OperatorAuditPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [days, setDays] = useState<readonly [Dayjs, Dayjs] | null>(null);
  const [operator, setOperator] = useState<Picked | null>(null);
  const [tenant, setTenant] = useState<Picked | null>(null);
  const audit = useAudit(page, action, {
    operatorId: operator?.id ?? null,
    tenantId: tenant?.id ?? null,
    range: rangeOf(days),
  });
  const filterTag = (label: string, name: string, clear: () => void) => (
    <Tag
      closable
      onClose={() => {
        clear();
        setPage(1);
      }}
      closeIcon={<span aria-label={t('operator.audit.clearFilter', { name })}>×</span>}
    >
      {label}
    </Tag>
  );
  return (
    <OperatorFrame>
      <PageHeader
        title={t('operator.menu.audit')}
        subTitle={t('operator.audit.subtitle')}
        extra={
          <Space wrap>
            <DatePicker.RangePicker
              value={days ? [days[0], days[1]] : null}
              onChange={(value) => {
                setDays(value?.[0] && value[1] ? [value[0], value[1]] : null);
                setPage(1);
              }}
              placeholder={[t('operator.audit.from'), t('operator.audit.to')]}
              aria-label={t('operator.audit.range')}
            />
            <Select
              value={action}
              onChange={(v) => {
                setAction(v);
                setPage(1);
              }}
              style={{ minWidth: 180 }}
              aria-label={t('operator.audit.action')}
              options={[
                { value: '', label: t('operator.audit.allActions') },
                ...ACTIONS.map((a) => ({ value: a, label: t(`operator.audit.actions.${a}`) })),
              ]}
            />
          </Space>
        }
      />
      {(operator ?? tenant) && (
        <Space wrap className="operator-audit__filters" style={{ marginBottom: 12 }}>
          {operator &&
            filterTag(t('operator.audit.operatorFilter', { name: operator.name }), operator.name, () => {
              setOperator(null);
            })}
          {tenant &&
            filterTag(t('operator.audit.tenantFilter', { name: tenant.name }), tenant.name, () => {
              setTenant(null);
            })}
        </Space>
      )}
      <Card size="small">
        <Table<AuditRow>
          rowKey="id"
          size="small"
          loading={audit.isFetching}
          dataSource={audit.data?.items ?? []}
          scroll={{ x: 960 }}
          locale={{ emptyText: t('operator.audit.empty') }}
          pagination={{
            current: page,
            total: audit.data?.total ?? 0,
            pageSize: 20,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: t('operator.audit.time'),
              dataIndex: 'created_at',
              width: 170,
              render: (v: number) => formatTime(v),
            },
            {
              title: t('operator.audit.operator'),
              dataIndex: 'operator_name',
              width: 120,
              render: (name: string, r) =>
                operator?.id === r.operator_id ? (
                  name
                ) : (
                  <Typography.Link
                    title={t('operator.audit.onlyOperator', { name })}
                    onClick={() => {
                      setOperator({ id: r.operator_id, name });
                      setPage(1);
                    }}
                  >
                    {name}
                  </Typography.Link>
                ),
            },
            {
              title: t('operator.audit.action'),
              dataIndex: 'action',
              width: 150,
              render: (v: string) => t(`operator.audit.actions.${v}`, { defaultValue: v }),
            },
            {
              title: t('operator.audit.target'),
              key: 'target',
              width: 200,
              render: (_, r) => {
                const tenantName = r.tenant_name;
                if (r.tenant_id === null || !tenantName || tenant?.id === r.tenant_id)
                  return [tenantName, r.target_name].filter(Boolean).join(' / ') || EMPTY;
                const tenantId = r.tenant_id;
                return (
                  <>
                    <Typography.Link
                      title={t('operator.audit.onlyTenant', { name: tenantName })}
                      onClick={() => {
                        setTenant({ id: tenantId, name: tenantName });
                        setPage(1);
                      }}
                    >
                      {tenantName}
                    </Typography.Link>
                    {r.target_name ? ` / ${r.target_name}` : ''}
                  </>
                );
              },
            },
            {
              title: t('operator.audit.before'),
              dataIndex: 'before',
              render: (v: AuditRow['before']) => <Change value={v} />,
            },
            {
              title: t('operator.audit.after'),
              dataIndex: 'after',
              render: (v: AuditRow['after']) => <Change value={v} />,
            },
            {
              title: t('operator.audit.result'),
              dataIndex: 'result',
              width: 90,
              render: (v: string) => (
                <Tag color={v === 'ok' ? 'green' : 'red'}>
                  {t(`operator.audit.results.${v}`, { defaultValue: v })}
                </Tag>
              ),
            },
          ]}
        />
      </Card>
    </OperatorFrame>
  );
}
