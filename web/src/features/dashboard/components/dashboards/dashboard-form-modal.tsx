// The dashboard dialog: a new dashboard, or the settings of one (issue 31 point 1). Name (≤64; the server's
// 118002–118004 on the field), group, resolution, the dashboard theme and the chart theme, the mobile and free-move
// flags, and who sees it: everyone, or chosen users, roles and user groups (at least one; the server's 118007 on the
// field). The settings read the dashboard first: its audience is not in the list.
import { Alert, Form, Input, Radio, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { useDashboard } from '@/lib/dashboards/get-dashboard';
import type { Dashboard, DashboardGroup, DashboardSummary } from '@/lib/dashboards/types';
import { applyServerError } from '@/lib/form-errors';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { DASHBOARD_NAME_MAX } from '@/types/limits.gen';
import { useCreateDashboard } from '../../api/create-dashboard';
import { useUpdateDashboard } from '../../api/update-dashboard';
import {
  audienceSize,
  dashboardValues,
  newDashboardValues,
  toSettings,
  type DashboardFormValues,
} from '../../lib/dashboard-settings';
import { AudienceField } from './audience-field';
import { ResolutionFields } from './resolution-field';
import { ChartThemePicker, DashboardThemePicker } from './theme-fields';

const FIELDS = ['name', 'group_id', 'width', 'height', 'theme', 'chart_theme', 'audience'];
/** The server names an audience list; the form has one audience field. */
const ALIASES = {
  'audience.user_ids': 'audience',
  'audience.role_ids': 'audience',
  'audience.user_group_ids': 'audience',
};

export interface DashboardFormModalProps {
  open: boolean;
  /** null: a new dashboard. */
  dashboard: DashboardSummary | null;
  groups: readonly DashboardGroup[];
  /** A new dashboard's group (0 or absent: none). */
  groupId?: number;
  onClose: () => void;
  onCreated?: (dashboard: Dashboard) => void;
}

export const DashboardFormModal = perOpening(function DashboardFormModal({
  open,
  dashboard,
  groups,
  groupId = 0,
  onClose,
  onCreated,
}: DashboardFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DashboardFormValues>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateDashboard();
  const update = useUpdateDashboard();
  // The settings need the dashboard's audience, which the list does not carry: the form shows at once, its audience
  // follows, and saving waits for it (a partial dashboard saved without it would lose who sees it).
  const detail = useDashboard(dashboard?.id, 'edit', open && dashboard !== null);
  const visibility = Form.useWatch('visibility', form);
  const [initialValues] = useState(() =>
    dashboard ? dashboardValues(dashboard) : newDashboardValues(groupId),
  );
  const audience = detail.data?.audience;
  useEffect(() => {
    if (audience) form.setFieldsValue({ audience });
  }, [audience, form]);
  const waiting = dashboard !== null && !detail.data;

  const onFinish = async (values: DashboardFormValues) => {
    const settings = toSettings(values);
    try {
      if (dashboard) {
        await update.mutateAsync({
          id: dashboard.id,
          ...settings,
          ...(values.group_id ? { group_id: values.group_id } : {}),
          ungrouped: !values.group_id,
        });
        toast.success(t('dashboards.form.saved'));
      } else {
        const created = await create.mutateAsync({ ...settings, group_id: values.group_id || null });
        toast.success(t('dashboards.form.created', { name: created.name }));
        onCreated?.(created);
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS, ALIASES));
    }
  };

  const intro = detail.isError && (
    <Alert
      className="db-form__alert"
      type="error"
      showIcon
      title={t('dashboards.form.loadFailed')}
      description={isApiError(detail.error) ? detail.error.detail : undefined}
    />
  );

  return (
    <FormModal<DashboardFormValues>
      open={open}
      width={680}
      title={dashboard ? t('dashboards.form.settingsTitle') : t('dashboards.form.createTitle')}
      form={form}
      name="dashboard"
      initialValues={initialValues}
      intro={intro}
      okText={dashboard ? undefined : t('dashboards.form.create')}
      okButtonProps={{ disabled: waiting }}
      loading={create.isPending || update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      formProps={{ className: 'db-form' }}
    >
      <Form.Item
        name="name"
        label={t('dashboards.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('dashboards.form.nameRequired') },
          { max: DASHBOARD_NAME_MAX, message: t('dashboards.form.nameMax', { max: DASHBOARD_NAME_MAX }) },
        ]}
      >
        <Input
          autoComplete="off"
          maxLength={DASHBOARD_NAME_MAX}
          showCount
          autoFocus
          placeholder={t('dashboards.form.namePlaceholder')}
        />
      </Form.Item>
      <Form.Item name="group_id" label={t('dashboards.form.group')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: 0, label: t('dashboards.groups.none') },
            ...groups.map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      </Form.Item>
      <ResolutionFields />
      <Form.Item name="theme" label={t('dashboards.form.theme')}>
        <DashboardThemePicker aria-label={t('dashboards.form.theme')} />
      </Form.Item>
      <Form.Item
        name="chart_theme"
        label={t('dashboards.form.chartTheme')}
        extra={t('dashboards.form.chartThemeHint')}
      >
        <ChartThemePicker aria-label={t('dashboards.form.chartTheme')} />
      </Form.Item>
      <div className="db-form__flags">
        <Form.Item
          name="mobile"
          label={t('dashboards.form.mobile')}
          extra={t('dashboards.form.mobileHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="free_move"
          label={t('dashboards.form.freeMove')}
          extra={t('dashboards.form.freeMoveHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </div>
      <Form.Item name="visibility" label={t('dashboards.form.visibility')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'all', label: t('dashboards.form.visibleAll') },
            { value: 'partial', label: t('dashboards.form.visiblePartial') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="audience"
        label={t('dashboards.form.audience')}
        extra={t('dashboards.form.audienceHint')}
        hidden={visibility !== 'partial'}
        required
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: DashboardFormValues['audience'] | undefined) =>
              getFieldValue('visibility') !== 'partial' || audienceSize(value) > 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('dashboards.form.audienceRequired'))),
          }),
        ]}
      >
        <AudienceField enabled={open && visibility === 'partial'} />
      </Form.Item>
    </FormModal>
  );
});
