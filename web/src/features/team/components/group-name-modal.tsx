// Create a (child) group or rename one.
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreateGroup } from '../api/create-group';
import { useUpdateGroup } from '../api/update-group';
import { GROUP_NAME_MAX, groupNameRules } from '../lib/rules';
import type { GroupOut } from '../types';
import { perOpening } from '@/components/per-opening';

export type GroupEdit = { mode: 'create'; parent: GroupOut | null } | { mode: 'rename'; group: GroupOut };

interface Values {
  name: string;
}

export const GroupNameModal = perOpening(function GroupNameModal({
  open,
  edit,
  onClose,
  onCreated,
}: {
  open: boolean;
  edit: GroupEdit | null;
  onClose: () => void;
  onCreated?: (group: GroupOut) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const [formError, setFormError] = useState<string | null>(null);

  const title =
    edit?.mode === 'rename'
      ? t('team.group.renameTitle')
      : edit?.parent
        ? t('team.group.createChildTitle', { name: edit.parent.name })
        : t('team.group.createTitle');

  const onFinish = async (values: Values) => {
    if (!edit) return;
    setFormError(null);
    const name = values.name.trim();
    try {
      if (edit.mode === 'rename') {
        await update.mutateAsync({ id: edit.group.id, input: { name } });
        toast.success(t('team.group.renamed'));
      } else {
        const group = await create.mutateAsync({ name, parent_id: edit.parent?.id ?? null });
        toast.success(t('team.group.created'));
        onCreated?.(group);
      }
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, ['name']));
    }
  };

  return (
    <Modal
      open={open && edit !== null}
      title={title}
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setFormError(null)}
    >
      <Form<Values>
        form={form}
        name="team-group"
        layout="vertical"
        preserve={false}
        initialValues={{ name: edit?.mode === 'rename' ? edit.group.name : '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="name" label={t('team.group.field.name')} rules={groupNameRules(t)}>
          <Input autoComplete="off" maxLength={GROUP_NAME_MAX} autoFocus />
        </Form.Item>
        {formError && <Alert type="error" showIcon title={formError} />}
      </Form>
    </Modal>
  );
});
