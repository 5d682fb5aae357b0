// Create a dashboard group, or rename one (name 1–32, unique in the tenant; the server's refusal on the field).
import { useTranslation } from 'react-i18next';

import { NameFormModal } from '@/components/name-form-modal';
import type { DashboardGroup } from '@/lib/dashboards/types';
import { toast } from '@/lib/toast';
import { DASHBOARD_GROUP_NAME_MAX } from '@/types/limits.gen';
import { useCreateDashboardGroup } from '../../api/create-dashboard-group';
import { useUpdateDashboardGroup } from '../../api/update-dashboard-group';

interface GroupFormModalProps {
  open: boolean;
  /** null: a new group. */
  group: DashboardGroup | null;
  onClose: () => void;
  onCreated?: (group: DashboardGroup) => void;
}

export function GroupFormModal({ open, group, onClose, onCreated }: GroupFormModalProps) {
  const { t } = useTranslation();
  const create = useCreateDashboardGroup();
  const update = useUpdateDashboardGroup();

  const onSave = async (name: string) => {
    if (group) {
      await update.mutateAsync({ id: group.id, name });
      toast.success(t('dashboards.groups.renamed'));
    } else {
      const created = await create.mutateAsync(name);
      toast.success(t('dashboards.groups.created'));
      onCreated?.(created);
    }
  };

  return (
    <NameFormModal
      open={open}
      width={420}
      title={group ? t('dashboards.groups.editTitle') : t('dashboards.groups.createTitle')}
      name="dashboard-group"
      label={t('dashboards.groups.name')}
      initialName={group?.name ?? ''}
      maxLength={DASHBOARD_GROUP_NAME_MAX}
      rules={[
        { required: true, whitespace: true, message: t('dashboards.groups.nameRequired') },
        {
          max: DASHBOARD_GROUP_NAME_MAX,
          message: t('dashboards.groups.nameMax', { max: DASHBOARD_GROUP_NAME_MAX }),
        },
      ]}
      loading={create.isPending || update.isPending}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
