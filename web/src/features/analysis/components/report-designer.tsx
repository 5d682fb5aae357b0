// The report designer (/designChart?id= and /designNewChart, P61100): the form on the left, a preview on the right
// (stacked, form first, on a phone). Save creates the report (the address then becomes /designChart?id=) or replaces
// its definition; a refusal shows beside the field it names. Leaving with unsaved changes (Cancel, back, another
// page) asks first; closing or reloading the tab gets the browser's own prompt.
//
// The preview: the server computes a statistic only for a saved report (GET /yun/report/statistic?id=; there is no
// call that previews an unsaved definition), so the preview draws the saved report's data. What only changes the
// drawing — chart type, title, sort by value, theme, colour conditions — applies at once (debounced) to that data, through the same builders;
// a change to the data (fields, devices, range, filters…) shows once saved, which the preview says, with a button
// that saves and refreshes. A new report shows its preview after its first save.
import { ArrowLeftOutlined, EyeOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';

import { toColourConditions } from '@/components/charts/report';
import { PageHeader } from '@/components/page-header';
import { applyServerError } from '@/lib/form-errors';
import { confirmDialog, toast } from '@/lib/toast';
import { useCreateReport } from '../api/create-report';
import { useReport } from '@/lib/reports/get-report';
import { useStatistic } from '@/lib/reports/get-statistic';
import { reportKeys } from '../api/keys';
import { useReportGroups } from '../api/list-report-groups';
import { useUpdateReport } from '../api/update-report';
import { fieldKey } from '../lib/fields';
import {
  defaultValues,
  FORM_FIELDS,
  fromReport,
  previewConditions,
  SERVER_FIELD_ALIASES,
  toReportInput,
  type ReportFormValues,
} from '../lib/form';
import { reportPaths } from '../lib/format';
import { browserTz } from '@/lib/reports/statistic';
import type { Report } from '../types';
import { ReportChart } from '@/components/charts/report/report-chart';
import { ReportForm } from './report-form';
import { useReportStates } from './report-states';
import './reports.css';

/** How long the preview waits for typing to settle. */
export const PREVIEW_DEBOUNCE_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface PreviewProps {
  report: Report | null;
  form: ReturnType<typeof Form.useForm<ReportFormValues>>[0];
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
}

function Preview({ report, form, dirty, saving, onSave }: PreviewProps) {
  const { t } = useTranslation();
  const tz = useMemo(() => browserTz(), []);
  const statistic = useStatistic(report?.id ?? null, { tz });
  const chartType = Form.useWatch('chart_type', form) as number | undefined;
  const title = Form.useWatch('title', form) as string | undefined;
  const sortBy = Form.useWatch('sort_by', form) as ReportFormValues['sort_by'] | undefined;
  const sortOrder = Form.useWatch('sort_order', form) as ReportFormValues['sort_order'] | undefined;
  const theme = Form.useWatch('theme', form) as ReportFormValues['theme'] | undefined;
  const conditions = Form.useWatch('conditions', form) as ReportFormValues['conditions'] | undefined;
  // Each value settles on its own: a value (not a new object each render) keeps the timer from running forever.
  const look = {
    chartType: useDebounced(chartType, PREVIEW_DEBOUNCE_MS),
    title: useDebounced(title, PREVIEW_DEBOUNCE_MS),
    sortBy: useDebounced(sortBy, PREVIEW_DEBOUNCE_MS),
    sortOrder: useDebounced(sortOrder, PREVIEW_DEBOUNCE_MS),
    theme: useDebounced(theme, PREVIEW_DEBOUNCE_MS),
    // The rows as text: the list is a new array on every edit, its text only when a row changes.
    conditions: useDebounced(conditions ? JSON.stringify(conditions) : undefined, PREVIEW_DEBOUNCE_MS),
  };
  const lookConditions = useMemo(
    () =>
      look.conditions === undefined
        ? toColourConditions(report?.conditions)
        : previewConditions(JSON.parse(look.conditions) as ReportFormValues['conditions']),
    [look.conditions, report?.conditions],
  );

  return (
    <Card
      className="report-design__preview"
      title={t('reports.design.preview')}
      extra={
        report && (
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('reports.action.refresh')}
            loading={statistic.isFetching}
            onClick={() => void statistic.refetch()}
          />
        )
      }
    >
      {!report ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.design.previewAfterSave')} />
      ) : (
        <>
          {dirty && (
            <Alert
              className="report-design__notice"
              type="info"
              showIcon
              title={t('reports.design.previewSaved')}
              action={
                <Button size="small" type="primary" loading={saving} onClick={onSave}>
                  {t('reports.design.saveAndPreview')}
                </Button>
              }
            />
          )}
          <ReportChart
            chartType={look.chartType ?? report.chart_type}
            title={look.title?.trim() || report.title}
            sort={look.sortBy === 'value' ? look.sortOrder : undefined}
            theme={look.theme ?? report.theme}
            conditions={lookConditions}
            data={statistic.data}
            loading={statistic.isPending}
            error={statistic.error}
            onRetry={() => void statistic.refetch()}
            height={420}
          />
        </>
      )}
    </Card>
  );
}

/** Asks before leaving the designer with unsaved changes (another route: a confirm; the tab: the browser's prompt). */
function useLeaveGuard(dirty: boolean, dirtyRef: { readonly current: boolean }) {
  const { t } = useTranslation();
  // Read when a navigation starts: a save that navigates at once (a new report's address) is no longer dirty.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog({
      type: 'warning',
      title: t('reports.design.leaveTitle'),
      content: t('reports.design.leaveContent'),
      okText: t('reports.design.leaveOk'),
      cancelText: t('common.action.cancel'),
    }).then((ok) => {
      if (ok) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

function DesignerForm({ report, groupId = 0 }: { report: Report | null; groupId?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReportFormValues>();
  const groups = useReportGroups();
  const create = useCreateReport();
  const update = useUpdateReport();
  const [dirty, setDirtyState] = useState(false);
  const dirtyRef = useRef(false);
  const setDirty = (next: boolean) => {
    dirtyRef.current = next;
    setDirtyState(next);
  };
  useLeaveGuard(dirty, dirtyRef);
  const [error, setError] = useState<string | null>(null);
  const initialValues = useMemo(
    () => (report ? fromReport(report) : defaultValues(6, groupId)),
    [report, groupId],
  );
  const saving = create.isPending || update.isPending;

  const onFinish = async (values: ReportFormValues) => {
    const input = toReportInput(values, (id) => t(fieldKey(id)));
    try {
      if (report) {
        await update.mutateAsync({ ...input, id: report.id });
        setDirty(false);
        toast.success(t('reports.design.saved'));
      } else {
        const created = await create.mutateAsync(input);
        setDirty(false);
        toast.success(t('reports.design.created'));
        queryClient.setQueryData(reportKeys.detail(created.id), created);
        void navigate(reportPaths.design(created.id), { replace: true });
      }
    } catch (e) {
      setError(applyServerError(form, e, FORM_FIELDS, SERVER_FIELD_ALIASES));
    }
  };

  const save = () => form.submit();
  // With unsaved changes the leave guard asks first.
  const leave = () => void navigate(reportPaths.list);

  return (
    <div className="page report-design-page">
      <PageHeader
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('reports.action.back')}
              onClick={leave}
            />
            {report
              ? t('reports.design.editHeading', { title: report.title })
              : t('reports.design.newHeading')}
          </Space>
        }
        extra={
          <Space wrap>
            {report && !dirty && (
              <Button icon={<EyeOutlined />} onClick={() => void navigate(reportPaths.preview(report.id))}>
                {t('reports.action.preview')}
              </Button>
            )}
            <Button onClick={leave}>{t('common.action.cancel')}</Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
              {t('reports.action.save')}
            </Button>
          </Space>
        }
      />
      <div className="report-design">
        <Card className="report-design__form">
          <ReportForm
            form={form}
            initialValues={initialValues}
            groups={groups.data ?? []}
            error={error}
            onErrorChange={setError}
            onValuesChange={() => setDirty(true)}
            onFinish={(values) => void onFinish(values)}
          />
        </Card>
        <Preview report={report} form={form} dirty={dirty} saving={saving} onSave={save} />
      </div>
    </div>
  );
}

interface ReportDesignerProps {
  /** The report edited; null: a new report. */
  id: number | null;
  /** False when the address names no valid report. */
  valid?: boolean;
  /** A new report's group (the list's group when it was opened from one). */
  groupId?: number;
}

/** The designer of report `id`, or of a new report (null). */
export function ReportDesigner({ id, valid = true, groupId = 0 }: ReportDesignerProps) {
  const report = useReport(id);
  const state = useReportStates(report, valid && id !== null);
  if (id === null && valid) return <DesignerForm key="new" report={null} groupId={groupId} />;
  if (state || !report.data) return state;
  return <DesignerForm key={report.data.id} report={report.data} />;
}
