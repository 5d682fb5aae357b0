// Move users into a group: pick users (searchable) and the target group.
import { Alert, Form, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUsers } from '../api/list-users';
import { useMoveGroupMembers } from '../api/move-group-members';
import type { UserOut } from '../types';
import { GroupSelect } from './group-select';
import { perOpening } from '@/components/per-opening';

interface Values {
  user_ids: number[];
  group_id: number | null;
}

interface MoveUsersModalProps {
  open: boolean;
  /** Users preselected (e.g. the rows selected in the members table). */
  users: UserOut[];
  targetGroupId: number | null;
  onClose: () => void;
  onMoved?: () => void;
}

export const MoveUsersModal = perOpening(function MoveUsersModal({
  open,
  users,
  targetGroupId,
  onClose,
  onMoved,
}: MoveUsersModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const search = useUsers({ page: 1, page_size: 50, ...(keyword ? { keyword } : {}) });
  const move = useMoveGroupMembers();
  const [formError, setFormError] = useState<string | null>(null);

  const options = useMemo(() => {
    const byId = new Map<number, UserOut>();
    for (const u of [...users, ...(search.data?.items ?? [])]) byId.set(u.id, u);
    return [...byId.values()].map((u) => ({
      value: u.id,
      label: u.group_name ? `${u.user_name} (${u.group_name})` : u.user_name,
    }));
  }, [users, search.data]);

  const onFinish = async (values: Values) => {
    if (values.group_id === null) return;
    setFormError(null);
    try {
      await move.mutateAsync({ groupId: values.group_id, userIds: values.user_ids });
      toast.success(t('team.group.moved', { count: values.user_ids.length }));
      onMoved?.();
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, ['user_ids', 'group_id']));
    }
  };

  return (
    <Modal
      open={open}
      title={t('team.group.moveTitle')}
      width={560}
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('team.group.move')}
      cancelText={t('common.action.cancel')}
      confirmLoading={move.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        setFormError(null);
        setKeyword('');
      }}
    >
      <Form<Values>
        form={form}
        name="team-move-users"
        layout="vertical"
        preserve={false}
        initialValues={{ user_ids: users.map((u) => u.id), group_id: targetGroupId }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="user_ids"
          label={t('team.group.field.users')}
          rules={[{ required: true, type: 'array', min: 1, message: t('team.validation.users.required') }]}
        >
          <Select
            mode="multiple"
            placeholder={t('team.group.field.usersPlaceholder')}
            options={options}
            loading={search.isFetching}
            showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
            notFoundContent={t('team.user.noMatch')}
          />
        </Form.Item>
        <Form.Item
          name="group_id"
          label={t('team.group.field.target')}
          rules={[{ required: true, message: t('team.validation.group.required') }]}
        >
          <GroupSelect allowClear={false} placeholder={t('team.group.field.targetPlaceholder')} />
        </Form.Item>
        {formError && <Alert type="error" showIcon title={formError} />}
      </Form>
    </Modal>
  );
});
