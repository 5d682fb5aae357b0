// A rule's trace (docs/api-automations.md "Trace"): its last 100 evaluations, newest first: when, which device, the
// outcome as a coloured tag, the condition that matched, how long it took, each action's result, and the inputs it
// judged (unfolded row by row). A refresh asks again; an empty trace says the rule was not evaluated yet.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { ListEmpty } from '@/components/table/list-empty';
import { useIsPhone } from '@/components/use-phone';
import { orEmpty } from '@/lib/empty';
import { formatTime } from '@/lib/telemetry/format';
import { useTraces, type Rule, type Trace, type TraceOutcome } from '../api';
import { JsonBlock } from './dry-run-drawer';

export const OUTCOME_COLORS: Record<TraceOutcome, string> = {
  fired: 'processing',
  not_met: 'default',
  loop: 'magenta',
  rate_limited: 'warning',
  done: 'success',
  failed: 'error',
  skipped: 'default',
  retrying: 'orange',
};

export interface TraceDrawerProps {
  open: boolean;
  rule: Rule | null;
  onClose: () => void;
}

function TraceTable({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`configure.automation.trace.${key}`);
  const traces = useTraces(rule.id);
  const columns: NonNullable<TableProps<Trace>['columns']> = [
    {
      title: c('at'),
      key: 'at',
      width: 170,
      render: (_: unknown, x: Trace) => formatTime(x.at, 'YYYY-MM-DD HH:mm:ss'),
    },
    { title: c('device'), key: 'device', render: (_: unknown, x: Trace) => orEmpty(x.device_alias) },
    {
      title: c('outcome'),
      key: 'outcome',
      width: 110,
      render: (_: unknown, x: Trace) => {
        const tag = (
          <Tag color={OUTCOME_COLORS[x.outcome]}>{t(`configure.automation.outcome.${x.outcome}`)}</Tag>
        );
        return x.error ? <Tooltip title={x.error}>{tag}</Tooltip> : tag;
      },
    },
    { title: c('matched'), key: 'matched', render: (_: unknown, x: Trace) => orEmpty(x.matched) },
    {
      title: c('took'),
      key: 'took',
      width: 90,
      align: 'right',
      render: (_: unknown, x: Trace) => `${String(x.took_ms)} ms`,
    },
    {
      title: c('actions'),
      key: 'actions',
      render: (_: unknown, x: Trace) =>
        x.actions.length === 0 ? (
          orEmpty(null)
        ) : (
          <Space wrap size={4}>
            {x.actions.map((a, i) => (
              <Tooltip key={i} title={a.ok ? a.detail : a.error}>
                <Tag color={a.ok ? 'success' : 'error'}>
                  {t(`configure.automation.action.${a.kind}`)} {a.ok ? c('ok') : c('error')}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
  ];
  return (
    <>
      <div className="automation-trace__toolbar">
        <Typography.Text type="secondary">{c('intro')}</Typography.Text>
        <Button icon={<ReloadOutlined />} loading={traces.isFetching} onClick={() => void traces.refetch()}>
          {t('configure.automation.refresh')}
        </Button>
      </div>
      <Table<Trace>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={traces.data?.list ?? []}
        loading={traces.isPending}
        pagination={false}
        scroll={{ x: 760 }}
        expandable={{
          expandedRowRender: (x) => <JsonBlock value={x.inputs} />,
          rowExpandable: (x) => Object.keys(x.inputs).length > 0,
        }}
        locale={{
          emptyText: (
            <ListEmpty
              query={traces}
              filtered={false}
              texts={{
                failed: c('failed'),
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
    </>
  );
}

export const TraceDrawer = perOpening(function TraceDrawer({ open, rule, onClose }: TraceDrawerProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={phone ? '100%' : 900}
      title={t('configure.automation.trace.title', { name: rule?.name ?? '' })}
      className="automation-trace"
    >
      {rule && <TraceTable rule={rule} />}
    </Drawer>
  );
});
