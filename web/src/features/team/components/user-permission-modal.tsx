// A user's permissions: the role's (checked, disabled) plus direct ones (editable); "reset" removes the direct.
import { Alert, Button, Modal, Popconfirm, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';
import { useUserPrivilege } from '../api/get-user-privilege';
import { useResetUserPrivilege } from '../api/reset-user-privilege';
import { useUpdateUserPrivilege } from '../api/update-user-privilege';
import type { UserOut } from '../types';
import { PermissionTree } from './permission-tree';
import { perOpening } from '@/components/per-opening';

export const UserPermissionModal = perOpening(function UserPermissionModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserOut | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const privilege = useUserPrivilege(open ? (user?.id ?? null) : null);
  const update = useUpdateUserPrivilege();
  const reset = useResetUserPrivilege();
  // null until the user edits: shows the server's direct permissions meanwhile.
  const [draft, setDraft] = useState<string[] | null>(null);
  const rolePerms = privilege.data?.role_permissions ?? [];
  const direct = draft ?? (privilege.data?.direct_permissions ?? []).filter((c) => !rolePerms.includes(c));

  const save = async () => {
    if (!user) return;
    await update.mutateAsync({ id: user.id, codes: direct });
    toast.success(t('team.permission.saved'));
    onClose();
  };

  const resetDirect = async () => {
    if (!user) return;
    await reset.mutateAsync(user.id);
    setDraft(null);
    toast.success(t('team.permission.resetDone'));
  };

  return (
    <Modal
      open={open && user !== null}
      title={t('team.permission.title', { name: user?.user_name ?? '' })}
      width={560}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={() => setDraft(null)}
      footer={
        <div className="team-modal-footer">
          <Popconfirm
            title={t('team.permission.resetConfirm')}
            okText={t('common.action.confirm')}
            cancelText={t('common.action.cancel')}
            onConfirm={() => {
              resetDirect().catch(() => undefined);
            }}
          >
            <Button danger loading={reset.isPending} disabled={!privilege.data}>
              {t('team.permission.reset')}
            </Button>
          </Popconfirm>
          <Space>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button
              type="primary"
              loading={update.isPending}
              disabled={!privilege.data}
              onClick={() => void save().catch(() => undefined)}
            >
              {t('common.action.save')}
            </Button>
          </Space>
        </div>
      }
    >
      <Typography.Paragraph type="secondary">{t('team.permission.hint')}</Typography.Paragraph>
      {privilege.isError && <Alert type="error" showIcon title={t('team.permission.loadFailed')} />}
      {privilege.isPending && open ? (
        <div className="team-tree__state">
          <Spin />
        </div>
      ) : (
        privilege.data && (
          <PermissionTree value={direct} locked={rolePerms} onChange={setDraft} height={420} />
        )
      )}
    </Modal>
  );
});
