// The operators' audit (/operator/audit; docs/api-operations.md): who did what, to which tenant and target, the state
// before and after, and whether it was refused.
import { Card, Select, Table, Tag, Typography } from 'antd';
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

export default function OperatorAuditPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const audit = useAudit(page, action);
  return (
    <OperatorFrame>
      <PageHeader
        title={t('operator.menu.audit')}
        subTitle={t('operator.audit.subtitle')}
        extra={
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
        }
      />
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
            { title: t('operator.audit.operator'), dataIndex: 'operator_name', width: 120 },
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
              render: (_, r) => [r.tenant_name, r.target_name].filter(Boolean).join(' / ') || EMPTY,
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
