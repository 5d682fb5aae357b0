// The "Delivery log" tab of /info/alarmNotify: every notification recorded beyond the console (email, SMS, WeChat
// robot, webhook), newest first, server-paged and filtered by state, channel, rule and days; each with when it was
// made, its rule, channel, recipient (a user and their address, or a rule's masked URL), subject, state (coloured),
// attempts, the next try of one waiting, and the last error. A failed one is tried again by hand. The log asks again
// every 10 s while it is shown and the browser tab is visible.
import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Select, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { ListEmpty } from '@/components/table/list-empty';
import { useIsPhone } from '@/components/use-phone';
import { CellLines, CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { actionColumn, TIME_WIDTH, useFitScroll } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { EMPTY } from '@/lib/empty';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import {
  DELIVERY_REFRESH_MS,
  DELIVERY_STATES,
  NOTIFY_CHANNELS,
  useDeliveries,
  useRetryDelivery,
  useRules,
  type DeliveryOut,
  type DeliveryParams,
  type DeliveryState,
  type NotifyChannel,
} from '../api/notify';
import { formatLogTime } from '../lib/format';
import { DELIVERY_STATE_COLORS } from '../lib/notify';
import { DayRangeFilter } from './day-range-filter';
import { ChannelTag } from './notify-channels';

const LIST_PARAMS: ParamSpec<Omit<DeliveryParams, 'page' | 'page_size'>> = {
  state: param.oneOf<DeliveryState>(DELIVERY_STATES),
  channel: param.oneOf<NotifyChannel>(NOTIFY_CHANNELS),
  rule_id: param.id,
  start: param.time,
  end: param.time,
};

/** The rules the filter offers: the first page of PAGE_SIZE_MAX (a tenant keeps a few dozen at most). */
const RULE_OPTIONS = { page: 1, page_size: PAGE_SIZE_MAX };

/** "12:30:05" today, else the date too. */
function nextTry(ms: number): string {
  const at = new Date(ms);
  const today = new Date();
  const sameDay = at.toDateString() === today.toDateString();
  return sameDay ? formatLogTime(ms).slice(11) : formatLogTime(ms).slice(0, 16);
}

/** The errors the server records in words (notifications runner and service); a status or an exception's class
 * name as it is. */
const KNOWN_ERRORS: Record<string, string> = {
  quota: 'quota',
  'no address': 'noAddress',
  'rule deleted': 'ruleDeleted',
  'address not allowed': 'addressNotAllowed',
  timeout: 'timeout',
};

function errorText(t: TFunction, error: string): string {
  const known = KNOWN_ERRORS[error];
  if (known) return t(`info.notify.log.error.${known}`);
  const mail = /^mail (\d+)$/.exec(error);
  if (mail?.[1]) return t(mail[1], { ns: 'errors', defaultValue: error });
  const refused = /^target refused: (\w+)$/.exec(error);
  if (refused?.[1])
    return t(`info.notify.log.error.target.${refused[1]}`, {
      defaultValue: t('info.notify.log.error.target.private'),
    });
  return error;
}

export function DeliveryState({ delivery }: { delivery: DeliveryOut }) {
  const { t } = useTranslation();
  const tag = (
    <Tag
      color={DELIVERY_STATE_COLORS[delivery.state]}
      icon={delivery.state === 'sending' ? <SyncOutlined spin /> : undefined}
      className="notify-state"
      data-state={delivery.state}
    >
      {t(`info.notify.deliveryState.${delivery.state}`)}
    </Tag>
  );
  const waiting = delivery.state === 'retrying' || delivery.state === 'pending';
  return (
    <div className="notify-log__state">
      {tag}
      {waiting && delivery.next_at !== null && (
        <CellText secondary className="notify-log__next">
          {t('info.notify.log.nextAt', { time: nextTry(delivery.next_at) })}
        </CellText>
      )}
      {delivery.last_error && (
        <CellText secondary className="notify-log__error">
          {errorText(t, delivery.last_error)}
        </CellText>
      )}
    </div>
  );
}

export function NotifyLog() {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const params: DeliveryParams = list.params;
  const log = useDeliveries(params);
  useClampPage(list, log.data?.total);
  const rules = useRules(RULE_OPTIONS);
  const retry = useRetryDelivery();
  const phone = useIsPhone();
  const { filter } = list;
  const filtered =
    params.state !== undefined ||
    params.channel !== undefined ||
    params.rule_id !== undefined ||
    params.start !== undefined ||
    params.end !== undefined;

  const ruleOptions = (rules.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (params.rule_id !== undefined && !ruleOptions.some((o) => o.value === params.rule_id))
    ruleOptions.push({ value: params.rule_id, label: `#${String(params.rule_id)}` });

  const subject: TableColumnType<DeliveryOut> = {
    title: t('info.notify.log.column.subject'),
    key: 'subject',
    minWidth: 180,
    render: (_: unknown, d: DeliveryOut) => (
      <CellLines
        primary={d.subject || EMPTY}
        secondary={t(`info.notify.event.${d.event}`, { defaultValue: d.event })}
      />
    ),
  };
  const rest: TableColumnType<DeliveryOut>[] = [
    {
      title: t('info.notify.log.column.time'),
      key: 'time',
      width: TIME_WIDTH,
      render: (_: unknown, d: DeliveryOut) => formatLogTime(d.created_at),
    },
    {
      title: t('info.notify.log.column.rule'),
      key: 'rule',
      width: 140,
      responsive: ['lg'],
      render: (_: unknown, d: DeliveryOut) =>
        d.rule_name ? (
          <CellText>{d.rule_name}</CellText>
        ) : (
          <Typography.Text type="secondary">{t('info.notify.log.ruleGone')}</Typography.Text>
        ),
    },
    {
      title: t('info.notify.log.column.channel'),
      key: 'channel',
      width: 116,
      render: (_: unknown, d: DeliveryOut) => <ChannelTag channel={d.channel} />,
    },
    {
      title: t('info.notify.log.column.recipient'),
      key: 'recipient',
      width: 170,
      render: (_: unknown, d: DeliveryOut) =>
        d.user_name ? (
          <CellLines primary={d.user_name} secondary={d.address || t('info.notify.log.noAddress')} />
        ) : (
          <CellText>{d.address || EMPTY}</CellText>
        ),
    },
  ];
  const actions = actionColumn<DeliveryOut>({
    title: t('info.notify.column.actions'),
    labels: [t('info.notify.log.retry')],
    more: false,
    render: (d) =>
      d.state === 'failed' ? (
        <RowActions
          moreLabel={t('info.notify.log.more')}
          actions={[
            {
              key: 'retry',
              label: t('info.notify.log.retry'),
              loading: retry.isPending && retry.variables === d.id,
              onClick: () => {
                retry.mutate(d.id, {
                  onSuccess: () => {
                    toast.success(t('info.notify.log.retried'));
                  },
                });
              },
            },
          ]}
        />
      ) : null,
  });
  const after: TableColumnType<DeliveryOut>[] = [
    {
      title: t('info.notify.log.column.state'),
      key: 'state',
      width: 160,
      render: (_: unknown, d: DeliveryOut) => <DeliveryState delivery={d} />,
    },
    {
      title: t('info.notify.log.column.attempts'),
      dataIndex: 'attempts',
      key: 'attempts',
      width: 72,
      align: 'right',
      responsive: ['md'],
    },
    // Wide enough for its title in either language.
    { ...actions, width: Math.max(Number(actions.width), 80) },
  ];
  // A phone's card is titled by the subject; the table reads from the time.
  const columns = phone ? [subject, ...rest, ...after] : [...rest, subject, ...after];
  const scroll = useFitScroll(columns);

  const empty = (
    <ListEmpty
      query={log}
      filtered={filtered}
      texts={{
        failed: t('info.notify.log.failed'),
        noMatch: t('info.notify.log.noMatch'),
        empty: t('info.notify.log.empty'),
        emptyHint: t('info.notify.log.emptyHint'),
      }}
      classNames={{ pending: 'system-msg__pending', icon: 'system-msg__empty-icon', empty: 'notify-empty' }}
    />
  );

  return (
    <>
      <ListToolbar className="info-toolbar">
        <Select<DeliveryState>
          className="info-toolbar__filter info-toolbar__filter--narrow"
          allowClear
          placeholder={t('info.notify.log.filter.state')}
          aria-label={t('info.notify.log.filter.state')}
          value={params.state}
          options={DELIVERY_STATES.map((s) => ({
            value: s,
            label: t(`info.notify.deliveryState.${s}`),
          }))}
          onChange={(v: DeliveryState | undefined) => {
            filter({ state: v });
          }}
        />
        <Select<NotifyChannel>
          className="info-toolbar__filter info-toolbar__filter--narrow"
          allowClear
          placeholder={t('info.notify.log.filter.channel')}
          aria-label={t('info.notify.log.filter.channel')}
          value={params.channel}
          options={NOTIFY_CHANNELS.filter((c) => c !== 'console').map((c) => ({
            value: c,
            label: t(`info.notify.channel.${c}`),
          }))}
          onChange={(v: NotifyChannel | undefined) => {
            filter({ channel: v });
          }}
        />
        <Select<number>
          className="info-toolbar__filter"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('info.notify.log.filter.rule')}
          aria-label={t('info.notify.log.filter.rule')}
          value={params.rule_id}
          options={ruleOptions}
          loading={rules.isPending}
          onChange={(v: number | undefined) => {
            filter({ rule_id: v });
          }}
        />
        <DayRangeFilter start={params.start} end={params.end} onChange={filter} />
        <div className="info-toolbar__spacer" />
        <Tooltip title={t('info.notify.log.auto', { seconds: DELIVERY_REFRESH_MS / 1000 })}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('info.notify.refresh')}
            loading={log.isFetching}
            onClick={() => void log.refetch()}
          />
        </Tooltip>
      </ListToolbar>
      <DataTable<DeliveryOut>
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
          showTotal: (total) => t('info.notify.total', { total }),
        }}
        onChange={(pagination) => {
          list.setPage(pagination.current ?? 1, pagination.pageSize);
        }}
      />
    </>
  );
}
