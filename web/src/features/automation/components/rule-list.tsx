// The "Rules" tab of /configureManage/automation: the tenant's rules, server-paged, searched by name and filtered by
// state and template: each with its name, a switch that turns it on or off at once (no question asked either way;
// off says so), the devices it watches, its trigger in words, when it last fired (the viewer's zone), how often, its
// errors (the last one on hover) and its actions: edit, copy, trace, dry run, delete (confirmed). On a phone the rows
// are cards (components/table/data-table) with the switch on each.
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Badge, Button, Select, Switch, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import {
  DEVICE_GROUPS_KEY,
  getPickerDevices,
  listPickerDeviceGroups,
  pickerDevicesKey,
} from '@/components/pickers/picker-api';
import { deviceLabel } from '@/components/pickers/device-picker';
import { CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { actionColumn, useFitScroll } from '@/components/table/fit-columns';
import { ListEmpty } from '@/components/table/list-empty';
import { RowActions } from '@/components/table/row-actions';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { formatTime } from '@/lib/telemetry/format';
import { listTemplateSourceOptions, templateLookupKeys, useTemplateOptions } from '@/lib/templates/lookups';
import { toast } from '@/lib/toast';
import { useCopyRule, useDeleteRule, useRules, useSetRuleEnabled, type Rule, type RuleIn } from '../api';
import { LIMITS, triggerText } from '../lib/rules';
import { DryRunDrawer } from './dry-run-drawer';
import { RuleForm } from './rule-form';
import { TraceDrawer } from './trace-drawer';

interface Filters {
  keyword?: string;
  enabled?: boolean;
  template_id?: number;
}

const SPEC: ParamSpec<Filters> = { keyword: param.text, enabled: param.bool, template_id: param.id };

type Draft = { id: number | null; rule: RuleIn; saved: boolean };

export function RuleList() {
  const { t } = useTranslation();
  const c = (key: string, options?: Record<string, unknown>) =>
    t(`configure.automation.list.${key}`, options);
  const list = useListParams(SPEC);
  const { params } = list;
  const rules = useRules({
    page: params.page,
    size: params.page_size,
    keyword: params.keyword,
    enabled: params.enabled,
    template_id: params.template_id,
  });
  useClampPage(list, rules.data?.total);
  const switchRule = useSetRuleEnabled();
  const copy = useCopyRule();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<{ open: boolean; rule: Rule | null }>({ open: false, rule: null });
  const [tracing, setTracing] = useState<{ open: boolean; rule: Rule | null }>({ open: false, rule: null });
  const [trying, setTrying] = useState<{ open: boolean; draft: Draft | null }>({ open: false, draft: null });
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const rows = useMemo(() => rules.data?.items ?? [], [rules.data]);
  const total = rules.data?.total ?? 0;
  const full =
    total >= LIMITS.rulesPerTenant && !params.keyword && params.enabled === undefined && !params.template_id;

  // What the rows name: templates, device groups, devices, data sources.
  const templates = useTemplateOptions();
  const groups = useQuery({
    queryKey: DEVICE_GROUPS_KEY,
    queryFn: listPickerDeviceGroups,
    enabled: rows.some((r) => r.scope === 'group'),
  });
  const deviceIds = useMemo(
    () =>
      [...new Set(rows.filter((r) => r.scope === 'device' && r.scope_id).map((r) => r.scope_id ?? 0))].sort(),
    [rows],
  );
  const devices = useQuery({
    queryKey: pickerDevicesKey(deviceIds),
    queryFn: () => getPickerDevices(deviceIds),
    enabled: deviceIds.length > 0,
  });
  const templateIds = useMemo(() => [...new Set(rows.map((r) => r.template_id))], [rows]);
  const sources = useQueries({
    queries: templateIds.map((id) => ({
      queryKey: templateLookupKeys.sources(id),
      queryFn: () => listTemplateSourceOptions(id),
      staleTime: 60_000,
    })),
  });
  const sourceNames = new Map<number, string>();
  for (const q of sources) for (const s of q.data ?? []) sourceNames.set(s.id, s.name);
  const sourceName = (id: number) => sourceNames.get(id) ?? `#${String(id)}`;
  const templateName = (id: number) => templates.data?.find((x) => x.id === id)?.name ?? `#${String(id)}`;

  const scopeText = (rule: Rule): string => {
    const template = templateName(rule.template_id);
    if (rule.scope === 'template') return c('scopeTemplate', { template });
    if (rule.scope === 'group') {
      const name = groups.data?.find((g) => g.id === rule.scope_id)?.name ?? `#${String(rule.scope_id)}`;
      return c('scopeGroup', { template, name });
    }
    const device = devices.data?.find((d) => d.id === rule.scope_id);
    return c('scopeDevice', { template, name: device ? deviceLabel(device) : `#${String(rule.scope_id)}` });
  };

  const toggle = async (rule: Rule, enabled: boolean) => {
    setSwitching((held) => new Set(held).add(rule.id));
    try {
      await switchRule.mutateAsync({ id: rule.id, enabled });
      toast.success(c(enabled ? 'enabledDone' : 'disabledDone', { name: rule.name }));
    } catch {
      // The request's own toast says why.
    } finally {
      setSwitching((held) => {
        const next = new Set(held);
        next.delete(rule.id);
        return next;
      });
    }
  };

  const a = (key: string) => t(`configure.automation.actionLabel.${key}`);
  const columns: NonNullable<TableProps<Rule>['columns']> = [
    {
      title: c('name'),
      key: 'name',
      minWidth: 180,
      render: (_: unknown, rule: Rule) => (
        <div className="automation-name">
          <button type="button" className="automation-open" onClick={() => setEditing({ open: true, rule })}>
            {rule.name}
          </button>
          {rule.description && (
            <CellText secondary tooltip={rule.description}>
              {rule.description}
            </CellText>
          )}
        </div>
      ),
    },
    {
      title: c('enabled'),
      key: 'enabled',
      width: 76,
      render: (_: unknown, rule: Rule) => (
        <Switch
          size="small"
          checked={rule.enabled}
          loading={switching.has(rule.id)}
          aria-label={c('toggle', { name: rule.name })}
          onChange={(on) => void toggle(rule, on)}
        />
      ),
    },
    {
      title: c('scope'),
      key: 'scope',
      minWidth: 160,
      responsive: ['md'],
      render: (_: unknown, rule: Rule) => <CellText tooltip={scopeText(rule)}>{scopeText(rule)}</CellText>,
    },
    {
      title: c('trigger'),
      key: 'trigger',
      minWidth: 180,
      render: (_: unknown, rule: Rule) => {
        const text = triggerText(t, rule.trigger, sourceName);
        return <CellText tooltip={text}>{text}</CellText>;
      },
    },
    {
      title: c('lastFired'),
      key: 'last_fired_at',
      width: 160,
      render: (_: unknown, rule: Rule) => formatTime(rule.last_fired_at),
    },
    {
      title: c('fired'),
      key: 'fired_count',
      width: 80,
      align: 'right',
      render: (_: unknown, rule: Rule) => rule.fired_count,
    },
    {
      title: c('errors'),
      key: 'errors',
      width: 80,
      align: 'right',
      render: (_: unknown, rule: Rule) =>
        rule.error_count > 0 ? (
          <Tooltip title={rule.last_error || undefined}>
            <Badge
              count={rule.error_count}
              overflowCount={999}
              tabIndex={0}
              aria-label={c('errorCount', { n: rule.error_count, error: rule.last_error })}
            />
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    actionColumn<Rule>({
      title: c('actions'),
      labels: [a('edit'), a('trace')],
      more: true,
      render: (rule) => (
        <RowActions
          moreLabel={c('more', { name: rule.name })}
          actions={[
            { key: 'edit', label: a('edit'), onClick: () => setEditing({ open: true, rule }) },
            { key: 'trace', label: a('trace'), onClick: () => setTracing({ open: true, rule }) },
            {
              key: 'dryRun',
              label: a('dryRun'),
              menu: true,
              onClick: () => setTrying({ open: true, draft: { id: rule.id, rule, saved: true } }),
            },
            {
              key: 'copy',
              label: a('copy'),
              menu: true,
              disabled: total >= LIMITS.rulesPerTenant,
              onClick: () =>
                copy.mutate(rule.id, {
                  onSuccess: (made) => toast.success(c('copied', { name: made.name })),
                }),
            },
            {
              key: 'delete',
              label: a('delete'),
              menu: true,
              danger: true,
              confirm: {
                title: c('deleteTitle', { name: rule.name }),
                content: c('deleteContent'),
                okText: a('delete'),
              },
              onClick: () =>
                remove.mutate(rule.id, { onSuccess: () => toast.success(c('deleted', { name: rule.name })) }),
            },
          ]}
        />
      ),
    }),
  ];
  const scroll = useFitScroll(columns);
  const filtered =
    Boolean(params.keyword) || params.enabled !== undefined || params.template_id !== undefined;

  return (
    <>
      <ListToolbar className="automation-toolbar">
        <ListSearch
          value={params.keyword}
          placeholder={c('search')}
          onSearch={(keyword) => list.filter({ keyword })}
          className="automation-toolbar__search"
        />
        <Select<'on' | 'off' | undefined>
          allowClear
          aria-label={c('filterEnabled')}
          placeholder={c('filterEnabled')}
          value={params.enabled === undefined ? undefined : params.enabled ? 'on' : 'off'}
          onChange={(v) => list.filter({ enabled: v === undefined ? undefined : v === 'on' })}
          options={[
            { value: 'on', label: c('onlyEnabled') },
            { value: 'off', label: c('onlyDisabled') },
          ]}
          className="automation-toolbar__select"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={c('filterTemplate')}
          placeholder={c('filterTemplate')}
          value={params.template_id}
          onChange={(v) => list.filter({ template_id: v })}
          options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          className="automation-toolbar__select"
        />
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('configure.automation.refresh')}
          loading={rules.isFetching}
          onClick={() => void rules.refetch()}
        />
        <Tooltip title={full ? c('full', { max: LIMITS.rulesPerTenant }) : undefined}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={full}
            onClick={() => setEditing({ open: true, rule: null })}
          >
            {c('create')}
          </Button>
        </Tooltip>
      </ListToolbar>
      <DataTable<Rule>
        size="middle"
        rowKey="id"
        columns={columns}
        scroll={scroll}
        tableLayout="fixed"
        dataSource={rows}
        loading={rules.isPending || (rules.isFetching && rules.isPlaceholderData)}
        locale={{
          emptyText: (
            <ListEmpty
              query={rules}
              filtered={filtered}
              texts={{
                failed: c('failed'),
                noMatch: c('noMatch'),
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
        rowClassName={(rule) => (rule.enabled ? '' : 'automation-row--off')}
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          hideOnSinglePage: true,
          showTotal: (count) => t('configure.automation.total', { total: count }),
        }}
        onChange={(pagination) => list.setPage(pagination.current ?? 1, pagination.pageSize)}
      />
      <RuleForm
        open={editing.open}
        rule={editing.rule}
        onClose={() => setEditing((was) => ({ ...was, open: false }))}
        onDryRun={(draft) => setTrying({ open: true, draft: { ...draft, saved: false } })}
      />
      <TraceDrawer
        open={tracing.open}
        rule={tracing.rule}
        onClose={() => setTracing((was) => ({ ...was, open: false }))}
      />
      <DryRunDrawer
        open={trying.open}
        draft={trying.draft}
        onClose={() => setTrying((was) => ({ ...was, open: false }))}
      />
    </>
  );
}
