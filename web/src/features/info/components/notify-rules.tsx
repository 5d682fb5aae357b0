// The "Rules" tab of /info/alarmNotify: the tenant's notification rules, server-paged: each with its name, a switch
// that turns it on or off (saved at once, the rule's other fields as they are, its secret kept), what it matches, whom
// it tells, over which channels, its quiet hours, and edit and delete (after a confirmation). "New rule" opens the
// form; the channels this server has not configured come with the list.
import { PlusOutlined, ReloadOutlined, RiseOutlined, SoundOutlined } from '@ant-design/icons';
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
import { useDeleteRule, useRules, useSetRuleEnabled, type RuleOut } from '../api/notify';
import { crossesMidnight, defaultZone, durationText, matchParts, quietText } from '../lib/notify';
import { addressees } from '../lib/system-msg';
import { ChannelIcons } from './notify-channels';
import { NotifyRuleForm } from './notify-rule-form';
import { RecipientTags } from './recipient-tags';

const LIST_PARAMS: ParamSpec<object> = {};

interface Editing {
  open: boolean;
  rule: RuleOut | null;
}

function RuleMatch({ rule }: { rule: RuleOut }) {
  const { t } = useTranslation();
  const parts = matchParts(t, rule);
  const events = [
    rule.on_recover ? t('info.notify.event.recovered') : null,
    rule.on_confirm ? t('info.notify.event.confirmed') : null,
  ].filter((e): e is string => e !== null);
  return (
    <div className="notify-rule__match">
      <CellText>{parts.length ? parts.join(' · ') : t('info.notify.match.all')}</CellText>
      {events.length > 0 && (
        <CellText secondary>
          {t('info.notify.match.also', { events: events.join(t('info.notify.and')) })}
        </CellText>
      )}
    </div>
  );
}

/** Whom a rule tells, and whom besides once an alarm stays unconfirmed (its escalation, named in a tooltip). */
function Recipients({ rule }: { rule: RuleOut }) {
  const { t } = useTranslation();
  const later =
    rule.escalate_after === null
      ? []
      : addressees(t, {
          users: rule.escalate_users,
          roles: rule.escalate_roles,
          groups: rule.escalate_groups,
        });
  return (
    <div className="notify-rule__recipients">
      <RecipientTags addressees={addressees(t, rule)} max={2} />
      {rule.escalate_after !== null && (
        <Tooltip
          title={t('info.notify.rules.escalationTip', {
            after: durationText(t, rule.escalate_after),
            whom: later.map((a) => a.name).join(t('info.notify.and')),
          })}
        >
          <span className="notify-rule__escalation" tabIndex={0}>
            <RiseOutlined />
            {t('info.notify.rules.escalation', { after: durationText(t, rule.escalate_after) })}
          </span>
        </Tooltip>
      )}
    </div>
  );
}

function QuietHours({ rule }: { rule: RuleOut }) {
  const { t } = useTranslation();
  const text = quietText(rule);
  if (!text) return <Typography.Text type="secondary">{t('info.notify.quiet.none')}</Typography.Text>;
  const zone = rule.timezone !== defaultZone() ? rule.timezone : null;
  return (
    <div className="notify-rule__quiet">
      <span className="notify-rule__quiet-time">
        {text}
        {crossesMidnight(rule) && (
          <Tooltip title={t('info.notify.quiet.overnight')}>
            <Tag className="notify-rule__overnight">{t('info.notify.quiet.nextDay')}</Tag>
          </Tooltip>
        )}
      </span>
      {zone && <CellText secondary>{zone}</CellText>}
    </div>
  );
}

export function NotifyRules() {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const { params } = list;
  const rules = useRules({ page: params.page, page_size: params.page_size });
  useClampPage(list, rules.data?.total);
  const switchRule = useSetRuleEnabled();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<Editing>({ open: false, rule: null });
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const channels = rules.data?.channels;

  const edit = (rule: RuleOut | null) => {
    setEditing({ open: true, rule });
  };

  const toggle = async (rule: RuleOut, enabled: boolean) => {
    setSwitching((held) => new Set(held).add(rule.id));
    try {
      await switchRule.mutateAsync({ id: rule.id, enabled });
      toast.success(
        enabled
          ? t('info.notify.rules.enabled', { name: rule.name })
          : t('info.notify.rules.disabled', { name: rule.name }),
      );
    } catch {
      // The request's own toast says why (a channel no longer configured, the rule gone).
    } finally {
      setSwitching((held) => {
        const next = new Set(held);
        next.delete(rule.id);
        return next;
      });
    }
  };

  const columns: NonNullable<TableProps<RuleOut>['columns']> = [
    {
      title: t('info.notify.column.name'),
      key: 'name',
      minWidth: 160,
      render: (_: unknown, rule: RuleOut) => (
        <div className="notify-rule__name">
          <button
            type="button"
            className="system-msg__open"
            onClick={() => {
              edit(rule);
            }}
          >
            {rule.name}
          </button>
          {rule.owner_name && (
            <CellText secondary>{t('info.notify.rules.owner', { name: rule.owner_name })}</CellText>
          )}
        </div>
      ),
    },
    {
      title: t('info.notify.column.enabled'),
      key: 'enabled',
      width: 76,
      render: (_: unknown, rule: RuleOut) => (
        <Switch
          size="small"
          checked={rule.enabled}
          loading={switching.has(rule.id)}
          aria-label={t('info.notify.rules.toggle', { name: rule.name })}
          onChange={(on) => void toggle(rule, on)}
        />
      ),
    },
    {
      title: t('info.notify.column.match'),
      key: 'match',
      minWidth: 180,
      render: (_: unknown, rule: RuleOut) => <RuleMatch rule={rule} />,
    },
    {
      title: t('info.notify.column.recipients'),
      key: 'recipients',
      width: 280,
      responsive: ['md'],
      render: (_: unknown, rule: RuleOut) => <Recipients rule={rule} />,
    },
    {
      title: t('info.notify.column.channels'),
      key: 'channels',
      width: 168,
      render: (_: unknown, rule: RuleOut) => <ChannelIcons channels={rule.channels} />,
    },
    {
      title: t('info.notify.column.quiet'),
      key: 'quiet',
      width: 140,
      responsive: ['lg'],
      render: (_: unknown, rule: RuleOut) => <QuietHours rule={rule} />,
    },
    actionColumn<RuleOut>({
      title: t('info.notify.column.actions'),
      labels: [t('info.notify.action.edit'), t('info.notify.action.delete')],
      more: false,
      render: (rule) => (
        <RowActions
          moreLabel={t('info.notify.rules.more', { name: rule.name })}
          actions={[
            {
              key: 'edit',
              label: t('info.notify.action.edit'),
              onClick: () => {
                edit(rule);
              },
            },
            {
              key: 'delete',
              label: t('info.notify.action.delete'),
              danger: true,
              confirm: {
                title: t('info.notify.delete.title', { name: rule.name }),
                content: t('info.notify.delete.content'),
                okText: t('info.notify.action.delete'),
              },
              onClick: () => {
                remove.mutate(rule.id, {
                  onSuccess: () => {
                    toast.success(t('info.notify.delete.done', { name: rule.name }));
                  },
                });
              },
            },
          ]}
        />
      ),
    }),
  ];
  const scroll = useFitScroll(columns);

  const empty = rules.isPending ? (
    <div className="system-msg__pending" />
  ) : rules.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('info.notify.rules.failed')}>
      <Button icon={<ReloadOutlined />} onClick={() => void rules.refetch()}>
        {t('common.action.retry')}
      </Button>
    </Empty>
  ) : (
    <Empty
      image={<SoundOutlined className="system-msg__empty-icon" />}
      description={
        <span className="notify-empty">
          <Typography.Text strong>{t('info.notify.rules.empty')}</Typography.Text>
          <Typography.Text type="secondary">{t('info.notify.rules.emptyHint')}</Typography.Text>
        </span>
      }
    >
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => {
          edit(null);
        }}
      >
        {t('info.notify.rules.create')}
      </Button>
    </Empty>
  );

  return (
    <>
      <ListToolbar className="info-toolbar">
        <Typography.Text type="secondary" className="notify-toolbar__note">
          {t('info.notify.rules.intro')}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('info.notify.refresh')}
          loading={rules.isFetching}
          onClick={() => void rules.refetch()}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            edit(null);
          }}
        >
          {t('info.notify.rules.create')}
        </Button>
      </ListToolbar>
      <DataTable<RuleOut>
        size="middle"
        rowKey="id"
        columns={columns}
        scroll={scroll}
        tableLayout="fixed"
        dataSource={rules.data?.items ?? []}
        loading={rules.isPending || (rules.isFetching && rules.isPlaceholderData)}
        locale={{ emptyText: empty }}
        rowClassName={(rule) => (rule.enabled ? '' : 'notify-rule--off')}
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: rules.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          hideOnSinglePage: true,
          showTotal: (total) => t('info.notify.total', { total }),
        }}
        onChange={(pagination) => {
          list.setPage(pagination.current ?? 1, pagination.pageSize);
        }}
      />
      <NotifyRuleForm
        open={editing.open}
        rule={editing.rule}
        channels={channels}
        onClose={() => {
          setEditing((was) => ({ ...was, open: false }));
        }}
      />
    </>
  );
}
