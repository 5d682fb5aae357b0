// The dashboard toggle card's settings: which dashboards it turns through, in order (at most 20, never the dashboard
// it is on), and how often (0: by hand only).
import { Form, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useDashboards } from '@/lib/dashboards/list-dashboards';
import { SECTOR_DASHBOARDS_MAX } from '@/types/limits.gen';
import { useSettingsForm } from '../common/use-settings-form';
import { idsOf, wholeIn } from '../common/values';
import type { SettingsFormProps, SettingsOf } from '../types';

type Values = Required<SettingsOf<'dashboardToggle'>>;

export default function ToggleSettings({
  settings,
  onChange,
  dashboardId,
}: SettingsFormProps<'dashboardToggle'>) {
  const { t } = useTranslation();
  const values = useMemo(
    (): Values => ({ ...settings, dashboard_ids: settings.dashboard_ids ?? [] }),
    [settings],
  );
  const form = useSettingsForm(values);
  const list = useDashboards();
  const options = useMemo(() => {
    const seen = new Map((list.data ?? []).filter((d) => d.id !== dashboardId).map((d) => [d.id, d.name]));
    // A chosen dashboard the list lacks (gone, hidden from the editor) still shows, by its id.
    for (const id of values.dashboard_ids)
      if (!seen.has(id) && id !== dashboardId)
        seen.set(id, t('dashboards.widgets.dashboardToggle.unknown', { id }));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [list.data, values.dashboard_ids, dashboardId, t]);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={values}
      onValuesChange={(_, all) => {
        onChange({
          dashboard_ids: idsOf(all.dashboard_ids)
            .filter((id) => id !== dashboardId)
            .slice(0, SECTOR_DASHBOARDS_MAX),
          interval_s: wholeIn(all.interval_s, 0, 3600, 0),
        });
      }}
    >
      <Form.Item
        name="dashboard_ids"
        label={t('dashboards.widgets.dashboardToggle.dashboards')}
        rules={[{ type: 'array', max: SECTOR_DASHBOARDS_MAX }]}
      >
        <Select
          mode="multiple"
          loading={list.isPending}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          maxCount={SECTOR_DASHBOARDS_MAX}
          placeholder={t('dashboards.widgets.dashboardToggle.pick')}
        />
      </Form.Item>
      <Form.Item
        name="interval_s"
        label={t('dashboards.widgets.dashboardToggle.interval')}
        extra={t('dashboards.widgets.dashboardToggle.intervalHint')}
        rules={[{ type: 'number', min: 0, max: 3600 }]}
      >
        <InputNumber min={0} max={3600} precision={0} suffix={t('dashboards.unit.seconds')} />
      </Form.Item>
    </Form>
  );
}
