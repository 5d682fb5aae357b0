// A rule's dry run (docs/api-automations.md "DryRun"): a device of the rule's scope and a range (the last 24 hours to
// start with, at most 31 days), then the trigger data source's history as a chart with a mark at each firing the
// rule would have made, and the firings listed with their inputs and what would have been done. Nothing is written or
// sent. A saved rule runs as saved (POST …/rules/{id}/dry-run), the form's unsaved rule as the form holds it.
import { Alert, Button, DatePicker, Drawer, Empty, Form, List, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EChart } from '@/components/charts/echart';
import { buildDryRunOption } from '@/components/charts/dry-run';
import { DRY_RUN_PARTS } from '@/components/charts/parts/dry-run';
import { perOpening } from '@/components/per-opening';
import { deviceLabel } from '@/components/pickers/device-picker';
import { DEVICE_GROUPS_KEY, listPickerDeviceGroups } from '@/components/pickers/picker-api';
import { useIsPhone } from '@/components/use-phone';
import { isApiError } from '@/lib/http';
import { formatTime } from '@/lib/telemetry/format';
import { useTemplateDevices, useTemplateSourceOptions } from '@/lib/templates/lookups';
import { useQuery } from '@tanstack/react-query';
import { useDryRun, type DryRun, type RuleIn } from '../api';
import { LIMITS, replayable, triggerSource } from '../lib/rules';

const DAY_MS = 86_400_000;
const CANNOT_REPLAY = '117876';

export interface DryRunDrawerProps {
  open: boolean;
  /** The rule tried: a saved one's id (null for a new one) and its fields (the form's when unsaved). */
  draft: { id: number | null; rule: RuleIn; saved: boolean } | null;
  onClose: () => void;
}

interface Values {
  device_id: number | null;
  range: [Dayjs, Dayjs];
}

export function JsonBlock({ value }: { value: unknown }) {
  return <pre className="automation-json">{JSON.stringify(value, null, 2)}</pre>;
}

export const DryRunDrawer = perOpening(function DryRunDrawer({ open, draft, onClose }: DryRunDrawerProps) {
  const { t } = useTranslation();
  const d = (key: string, options?: Record<string, unknown>) =>
    t(`configure.automation.dryRun.${key}`, options);
  const phone = useIsPhone();
  const [form] = Form.useForm<Values>();
  const run = useDryRun();
  const [result, setResult] = useState<{ data: DryRun; range: [number, number] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rule = draft?.rule;
  const devices = useTemplateDevices(rule?.template_id ?? null);
  const sources = useTemplateSourceOptions(rule?.template_id ?? null);
  const groups = useQuery({
    queryKey: DEVICE_GROUPS_KEY,
    queryFn: listPickerDeviceGroups,
    enabled: rule?.scope === 'group',
  });
  const initial = useMemo<Values>(() => {
    const now = dayjs(); // one clock read: the default range is exactly a day
    return { device_id: null, range: [now.subtract(1, 'day'), now] };
  }, []);

  // The devices of the rule's scope among the template's bound devices.
  const inScope = useMemo(() => {
    const all = devices.data ?? [];
    if (!rule) return [];
    if (rule.scope === 'device') return all.filter((x) => x.id === rule.scope_id);
    if (rule.scope === 'group') {
      const name = groups.data?.find((g) => g.id === rule.scope_id)?.name;
      return name === undefined ? all : all.filter((x) => x.group_name === name);
    }
    return all;
  }, [devices.data, groups.data, rule]);

  // The first device of the scope is chosen for the user (one device in scope: the only choice).
  useEffect(() => {
    const first = inScope[0];
    if (first !== undefined && form.getFieldValue('device_id') == null)
      form.setFieldValue('device_id', first.id);
  }, [form, inScope]);

  const sourceId = rule ? triggerSource(rule.trigger) : null;
  const source = sources.data?.find((s) => s.id === sourceId);
  const sourceName = source ? (source.unit ? `${source.name} (${source.unit})` : source.name) : d('values');

  const onFinish = async (values: Values) => {
    if (!draft || values.device_id === null) return;
    const start = values.range[0].valueOf();
    const end = values.range[1].valueOf();
    setError(null);
    try {
      const data = await run.mutateAsync({
        id: draft.id,
        ...(draft.saved ? {} : { rule: draft.rule }),
        device_id: values.device_id,
        start,
        end,
      });
      setResult({ data, range: [start, end] });
    } catch (e) {
      setResult(null);
      if (isApiError(e) && e.code === CANNOT_REPLAY) setError(e.detail || d('cannotReplay'));
      else setError(e instanceof Error ? e.message : String(e));
    }
  };

  const option = useMemo(
    () =>
      result &&
      buildDryRunOption({
        name: sourceName,
        points: result.data.points,
        firings: result.data.firings.map((x) => x.ts),
        range: result.range,
        firingLabel: d('fires'),
      }),
    // `d` follows the language, as `sourceName` does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result, sourceName],
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={phone ? '100%' : 820}
      title={d('title', { name: rule?.name ?? '' })}
      className="automation-dry-run"
    >
      {rule && !replayable(rule.trigger.kind) && (
        <Alert type="warning" showIcon title={d('notReplayable')} className="automation-dry-run__note" />
      )}
      {draft && !draft.saved && <Typography.Paragraph type="secondary">{d('unsaved')}</Typography.Paragraph>}
      <Form<Values>
        form={form}
        name="automation-dry-run"
        layout={phone ? 'vertical' : 'inline'}
        preserve={false}
        initialValues={initial}
        onFinish={(values) => void onFinish(values)}
        className="automation-dry-run__form"
      >
        <Form.Item
          name="device_id"
          label={d('device')}
          rules={[{ required: true, message: d('deviceRequired') }]}
        >
          <Select
            className="automation-dry-run__device"
            showSearch={{ optionFilterProp: 'label' }}
            loading={devices.isPending}
            notFoundContent={d('noDevice')}
            options={inScope.map((x) => ({ value: x.id, label: deviceLabel(x) }))}
          />
        </Form.Item>
        <Form.Item
          name="range"
          label={d('range')}
          rules={[
            {
              validator: (_, range: [Dayjs, Dayjs] | null | undefined) =>
                range && range[1].valueOf() - range[0].valueOf() <= LIMITS.dryRunDays * DAY_MS
                  ? Promise.resolve()
                  : Promise.reject(new Error(d('rangeMax', { days: LIMITS.dryRunDays }))),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={run.isPending}>
            {d('run')}
          </Button>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} className="automation-dry-run__error" />}
      {result && (
        <div className="automation-dry-run__result">
          <Space wrap className="automation-dry-run__summary">
            <Typography.Text>
              {d('summary', { evaluated: result.data.evaluated, fired: result.data.firings.length })}
            </Typography.Text>
            {result.data.truncated && <Tag color="warning">{d('truncated')}</Tag>}
          </Space>
          {option && result.data.points.length > 0 ? (
            <EChart
              option={option}
              parts={DRY_RUN_PARTS}
              height={300}
              ariaLabel={d('chart', { name: sourceName })}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={d('noPoints')} />
          )}
          <Typography.Title level={5}>{d('firings')}</Typography.Title>
          <List
            size="small"
            locale={{ emptyText: d('noFirings') }}
            dataSource={result.data.firings}
            rowKey={(x) => String(x.ts)}
            renderItem={(firing) => (
              <List.Item className="automation-dry-run__firing">
                <div>
                  <Typography.Text strong>{formatTime(firing.ts, 'YYYY-MM-DD HH:mm:ss')}</Typography.Text>
                  {firing.matched && <Typography.Text type="secondary"> · {firing.matched}</Typography.Text>}
                  <ul className="automation-dry-run__actions">
                    {firing.actions.map((a, i) => (
                      <li key={i}>
                        <Tag>{t(`configure.automation.action.${a.kind}`)}</Tag>
                        {a.summary}
                      </li>
                    ))}
                  </ul>
                  <details>
                    <summary>{d('inputs')}</summary>
                    <JsonBlock value={firing.inputs} />
                  </details>
                </div>
              </List.Item>
            )}
          />
        </div>
      )}
    </Drawer>
  );
});
