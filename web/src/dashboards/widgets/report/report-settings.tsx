// The report card's settings: which of the caller's saved reports (searched by title on the server, GET
// /yun/report/basic) and how often it refreshes (0: the report's own interval; at most an hour).
import { Form, InputNumber } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { chartEntry } from '@/components/charts/report/registry';
import { RemoteSelect, type PickerOption } from '@/components/pickers/remote-select';
import { reportKeys } from '@/lib/reports/keys';
import { useReport } from '@/lib/reports/get-report';
import { listReports } from '@/lib/reports/list-reports';
import type { Report, ReportListParams } from '@/lib/reports/types';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import { useSettingsForm } from '../common/use-settings-form';
import { wholeIn } from '../common/values';
import type { SettingsFormProps, SettingsOf } from '../types';

export const REFRESH_MAX_S = 3600;

const listParams = (q: string): ReportListParams => ({
  page: 1,
  page_size: PAGE_SIZE_MAX,
  ...(q ? { title: q } : {}),
});

export default function ReportSettings({ settings, onChange }: SettingsFormProps<'report'>) {
  const { t } = useTranslation();
  const form = useSettingsForm(settings);
  const chosen = useReport(settings.report_id ?? null);
  const toOption = useCallback(
    (r: Report): PickerOption => {
      const entry = chartEntry(r.chart_type);
      return { value: r.id, label: entry ? `${r.title} · ${t(entry.i18nKey)}` : r.title };
    },
    [t],
  );
  // The chosen report keeps its name while a search leaves it out of the list.
  const known = useMemo(() => (chosen.data ? [toOption(chosen.data)] : []), [chosen.data, toOption]);
  return (
    <Form<SettingsOf<'report'>>
      form={form}
      layout="vertical"
      initialValues={settings}
      onValuesChange={(_, all) => {
        onChange({
          report_id: all.report_id ?? null,
          refresh_s: wholeIn(all.refresh_s, 0, REFRESH_MAX_S, 0),
        });
      }}
    >
      <Form.Item
        name="report_id"
        label={t('dashboards.widgets.report.report')}
        rules={[{ required: true, message: t('dashboards.widgets.report.none') }]}
      >
        <RemoteSelect<Report, number | null>
          queryKey={(q) => reportKeys.list(listParams(q))}
          fetchPage={(q) => listReports(listParams(q))}
          toOption={toOption}
          known={known}
          placeholder={t('dashboards.widgets.report.pick')}
          searchingText={t('dashboards.widgets.report.searching')}
          emptyText={t('dashboards.widgets.report.noReports')}
        />
      </Form.Item>
      <Form.Item
        name="refresh_s"
        label={t('dashboards.widgets.report.refresh')}
        extra={t('dashboards.widgets.report.refreshHint')}
        rules={[{ type: 'number', min: 0, max: REFRESH_MAX_S }]}
      >
        <InputNumber min={0} max={REFRESH_MAX_S} precision={0} suffix={t('dashboards.unit.seconds')} />
      </Form.Item>
    </Form>
  );
}
