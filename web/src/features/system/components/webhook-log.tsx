// The "Delivery log" tab of /system/webhooks: every delivery of the tenant's outgoing webhooks, newest first,
// server-paged and filtered by subscription, event, state and days (the filters in the URL); each with when it was
// made, its subscription (or that it was deleted), its event and device, its state (coloured, the next try of one
// waiting and the last error), the HTTP status its receiver last answered, and its attempts. What it sent can be read;
// a failed or skipped one is sent again by hand, with its key. The log asks again every 10 s while shown.
import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { ListEmpty } from '@/components/table/list-empty';
import { CellLines, CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { actionColumn, TIME_WIDTH, useFitScroll } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { useIsPhone } from '@/components/use-phone';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { EMPTY } from '@/lib/empty';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import {
  useResendWebhookDelivery,
  useWebhookDeliveries,
  useWebhooks,
  WEBHOOK_REFRESH_MS,
  type WebhookDeliveryEvent,
  type WebhookDeliveryOut,
  type WebhookDeliveryParams,
  type WebhookDeliveryState,
} from '../api/webhooks';
import {
  DELIVERY_STATE_COLORS,
  DELIVERY_STATES,
  errorText,
  eventName,
  resendable,
  WEBHOOK_EVENT_LIST,
} from '../lib/webhooks';
import { WebhookPayloadModal } from './webhook-payload-modal';
import { zoned, zoneDayEnd, zoneDayStart } from '@/lib/timezone';

const LOG_EVENTS: readonly WebhookDeliveryEvent[] = [...WEBHOOK_EVENT_LIST, 'webhook.test'];

const LIST_PARAMS: ParamSpec<Omit<WebhookDeliveryParams, 'page' | 'page_size'>> = {
  subscription_id: param.id,
  event: param.oneOf<WebhookDeliveryEvent>(LOG_EVENTS),
  state: param.oneOf<WebhookDeliveryState>(DELIVERY_STATES),
  start: param.time,
  end: param.time,
};

/** The subscriptions the filter offers: the first page of PAGE_SIZE_MAX (a tenant keeps WEBHOOKS_PER_TENANT_MAX). */
const SUBSCRIPTION_OPTIONS = { page: 1, page_size: PAGE_SIZE_MAX };

const time = (ms: number | null | undefined) =>
  typeof ms === 'number' && ms > 0 ? zoned(ms).format('YYYY-MM-DD HH:mm:ss') : EMPTY;

/** "12:30:05" today, else the date too. */
function nextTry(ms: number): string {
  const at = zoned(ms);
  return at.isSame(zoned(), 'day') ? at.format('HH:mm:ss') : at.format('YYYY-MM-DD HH:mm');
}

function StateCell({ delivery }: { delivery: WebhookDeliveryOut }) {
  const { t } = useTranslation();
  const waiting = delivery.state === 'retrying' || delivery.state === 'pending';
  return (
    <div className="webhook-log__state">
      <Tag
        color={DELIVERY_STATE_COLORS[delivery.state]}
        icon={delivery.state === 'sending' ? <SyncOutlined spin /> : undefined}
        data-state={delivery.state}
      >
        {t(`system.webhooks.state.${delivery.state}`)}
      </Tag>
      {waiting && delivery.next_at !== null && (
        <CellText secondary>{t('system.webhooks.log.nextAt', { time: nextTry(delivery.next_at) })}</CellText>
      )}
      {delivery.last_error && <CellText secondary>{errorText(t, delivery.last_error)}</CellText>}
    </div>
  );
}

function StatusCode({ code }: { code: number | null }) {
  if (code === null) return <Typography.Text type="secondary">{EMPTY}</Typography.Text>;
  return <Tag color={code < 300 ? 'success' : code < 500 ? 'error' : 'warning'}>{code}</Tag>;
}

type Range = [Dayjs | null, Dayjs | null] | null;

export function WebhookLog() {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const params: WebhookDeliveryParams = list.params;
  const log = useWebhookDeliveries(params);
  useClampPage(list, log.data?.total);
  const hooks = useWebhooks(SUBSCRIPTION_OPTIONS);
  const resend = useResendWebhookDelivery();
  const phone = useIsPhone();
  const [viewing, setViewing] = useState<WebhookDeliveryOut | null>(null);
  const { filter } = list;
  const filtered =
    params.subscription_id !== undefined ||
    params.event !== undefined ||
    params.state !== undefined ||
    params.start !== undefined ||
    params.end !== undefined;

  const hookOptions = (hooks.data?.items ?? []).map((h) => ({ value: h.id, label: h.name }));
  if (params.subscription_id !== undefined && !hookOptions.some((o) => o.value === params.subscription_id))
    hookOptions.push({ value: params.subscription_id, label: `#${String(params.subscription_id)}` });
  const range: Range =
    params.start === undefined && params.end === undefined
      ? null
      : [
          params.start === undefined ? null : zoned(params.start),
          params.end === undefined ? null : zoned(params.end),
        ];

  const event: TableColumnType<WebhookDeliveryOut> = {
    title: t('system.webhooks.log.column.event'),
    key: 'event',
    minWidth: 170,
    render: (_: unknown, d: WebhookDeliveryOut) => (
      <CellLines primary={eventName(t, d.event)} secondary={d.device_name ?? d.event} />
    ),
  };
  const rest: TableColumnType<WebhookDeliveryOut>[] = [
    {
      title: t('system.webhooks.log.column.time'),
      key: 'time',
      width: TIME_WIDTH,
      render: (_: unknown, d: WebhookDeliveryOut) => time(d.created_at),
    },
    {
      title: t('system.webhooks.log.column.subscription'),
      key: 'subscription',
      width: 150,
      render: (_: unknown, d: WebhookDeliveryOut) =>
        d.subscription_name ? (
          <CellText>{d.subscription_name}</CellText>
        ) : (
          <Typography.Text type="secondary">{t('system.webhooks.log.deleted')}</Typography.Text>
        ),
    },
  ];
  const actions = actionColumn<WebhookDeliveryOut>({
    title: t('system.webhooks.column.actions'),
    labels: [t('system.webhooks.log.view'), t('system.webhooks.log.resend')],
    more: false,
    render: (d) => (
      <RowActions
        moreLabel={t('system.webhooks.log.more')}
        actions={[
          { key: 'view', label: t('system.webhooks.log.view'), onClick: () => setViewing(d) },
          resendable(d.state) &&
            d.subscription_name !== null && {
              key: 'resend',
              label: t('system.webhooks.log.resend'),
              loading: resend.isPending && resend.variables === d.id,
              onClick: () =>
                resend.mutate(d.id, { onSuccess: () => toast.success(t('system.webhooks.log.resent')) }),
            },
        ]}
      />
    ),
  });
  const after: TableColumnType<WebhookDeliveryOut>[] = [
    {
      title: t('system.webhooks.log.column.state'),
      key: 'state',
      width: 170,
      render: (_: unknown, d: WebhookDeliveryOut) => <StateCell delivery={d} />,
    },
    {
      title: t('system.webhooks.log.column.status'),
      key: 'status',
      width: 96,
      render: (_: unknown, d: WebhookDeliveryOut) => <StatusCode code={d.status_code} />,
    },
    {
      title: t('system.webhooks.log.column.attempts'),
      dataIndex: 'attempts',
      key: 'attempts',
      width: 80,
      align: 'right',
      responsive: ['md'],
    },
    {
      title: t('system.webhooks.log.column.sentAt'),
      key: 'sent_at',
      width: TIME_WIDTH,
      responsive: ['lg'],
      render: (_: unknown, d: WebhookDeliveryOut) => time(d.sent_at),
    },
    { ...actions, width: Math.max(Number(actions.width), 96) },
  ];
  // A phone's card is titled by the event; the table reads from the time.
  const columns = phone ? [event, ...rest, ...after] : [...rest, event, ...after];
  const scroll = useFitScroll(columns);

  const empty = (
    <ListEmpty
      query={log}
      filtered={filtered}
      texts={{
        failed: t('system.webhooks.log.failedToLoad'),
        noMatch: t('system.webhooks.log.noMatch'),
        empty: t('system.webhooks.log.empty'),
        emptyHint: t('system.webhooks.log.emptyHint'),
      }}
      classNames={{ pending: 'webhook-pending', icon: 'webhook-empty__icon', empty: 'webhook-empty' }}
    />
  );

  return (
    <>
      <ListToolbar className="webhook-toolbar">
        <Select<number>
          className="webhook-toolbar__filter"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('system.webhooks.log.filter.subscription')}
          aria-label={t('system.webhooks.log.filter.subscription')}
          value={params.subscription_id}
          options={hookOptions}
          loading={hooks.isPending}
          onChange={(v: number | undefined) => filter({ subscription_id: v })}
        />
        <Select<WebhookDeliveryEvent>
          className="webhook-toolbar__filter"
          allowClear
          placeholder={t('system.webhooks.log.filter.event')}
          aria-label={t('system.webhooks.log.filter.event')}
          value={params.event}
          options={LOG_EVENTS.map((e) => ({ value: e, label: eventName(t, e) }))}
          onChange={(v: WebhookDeliveryEvent | undefined) => filter({ event: v })}
        />
        <Select<WebhookDeliveryState>
          className="webhook-toolbar__filter webhook-toolbar__filter--narrow"
          allowClear
          placeholder={t('system.webhooks.log.filter.state')}
          aria-label={t('system.webhooks.log.filter.state')}
          value={params.state}
          options={DELIVERY_STATES.map((s) => ({ value: s, label: t(`system.webhooks.state.${s}`) }))}
          onChange={(v: WebhookDeliveryState | undefined) => filter({ state: v })}
        />
        <DatePicker.RangePicker
          className="webhook-toolbar__range"
          value={range}
          allowEmpty={[true, true]}
          placeholder={[t('system.webhooks.log.filter.start'), t('system.webhooks.log.filter.end')]}
          aria-label={t('system.webhooks.log.filter.range')}
          onChange={(picked) =>
            filter({
              start: picked?.[0] ? zoneDayStart(picked[0]) : undefined,
              end: picked?.[1] ? zoneDayEnd(picked[1]) : undefined,
            })
          }
        />
        <div className="webhook-toolbar__spacer" />
        <Tooltip title={t('system.webhooks.log.auto', { seconds: WEBHOOK_REFRESH_MS / 1000 })}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('system.webhooks.refresh')}
            loading={log.isFetching}
            onClick={() => void log.refetch()}
          />
        </Tooltip>
      </ListToolbar>
      <DataTable<WebhookDeliveryOut>
        size="middle"
        rowKey="id"
        columns={columns}
        scroll={scroll}
        tableLayout="fixed"
        dataSource={log.data?.items ?? []}
        loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
        locale={{ emptyText: empty }}
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: log.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (total) => t('system.webhooks.total', { total }),
        }}
        onChange={(pagination) => {
          list.setPage(pagination.current ?? 1, pagination.pageSize);
        }}
      />
      <WebhookPayloadModal delivery={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
