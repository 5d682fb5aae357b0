// Moves one dashboard into another group, or out of every group (PUT /yun/dashboard with group_id or ungrouped).
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import type { DashboardGroup, DashboardSummary } from '@/lib/dashboards/types';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateDashboard } from '../../api/update-dashboard';

interface Values {
  group_id: number;
}

export interface MoveDashboardModalProps {
  open: boolean;
  dashboard: DashboardSummary | null;
  groups: readonly DashboardGroup[];
  onClose: () => void;
}

export const MoveDashboardModal = perOpening(function MoveDashboardModal({
  open,
  dashboard,
  groups,
  onClose,
}: MoveDashboardModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateDashboard();
  const groupName = (id: number) =>
    id ? (groups.find((g) => g.id === id)?.name ?? '') : t('dashboards.groups.none');

  const onFinish = async ({ group_id }: Values) => {
    if (!dashboard) return;
    try {
      await update.mutateAsync({
        id: dashboard.id,
        ...(group_id ? { group_id } : {}),
        ungrouped: !group_id,
      });
      toast.success(t('dashboards.move.moved', { group: groupName(group_id) }));
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['group_id']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      width={420}
      title={t('dashboards.move.title', { name: dashboard?.name ?? '' })}
      form={form}
      name="dashboard-move"
      initialValues={{ group_id: dashboard?.group_id ?? 0 }}
      okText={t('dashboards.move.ok')}
      loading={update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item name="group_id" label={t('dashboards.move.group')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: 0, label: t('dashboards.groups.none') },
            ...groups.map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      </Form.Item>
    </FormModal>
  );
});
