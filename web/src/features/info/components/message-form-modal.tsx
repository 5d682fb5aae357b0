// A message written to users, roles and user groups of the tenant (a secondary administrator: those they manage):
// its title (one line, ≤ MESSAGE_TITLE_MAX), its text (≤ MESSAGE_BODY_MAX), both counted, and at least one recipient
// of any kind. A role reaches its users, a group its users and its sub-groups'. The server's refusals sit on their
// fields: 117802/117804/117814 on `title` or `body`, 117815 on the list holding a recipient out of reach, 117803 (the
// choice reaches nobody) on the users.
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { MESSAGE_ADDRESSEES_MAX, MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX } from '@/types/limits.gen';
import { useSendMessage } from '../api/sent';
import type { SentOut } from '../api/system-msg-types';
import { GroupRecipientPicker, RoleRecipientPicker, UserRecipientPicker } from './recipient-pickers';

interface Values {
  title: string;
  body: string;
  user_ids: number[];
  role_ids: number[];
  group_ids: number[];
}

const FIELDS = ['title', 'body', 'user_ids', 'role_ids', 'group_ids'] as const;
const RECIPIENTS = ['user_ids', 'role_ids', 'group_ids'] as const;

export interface MessageFormModalProps {
  open: boolean;
  onClose: () => void;
  onSent?: (message: SentOut) => void;
}

export const MessageFormModal = perOpening(function MessageFormModal({
  open,
  onClose,
  onSent,
}: MessageFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage();

  const onFinish = async (values: Values) => {
    try {
      const sent = await send.mutateAsync({
        title: values.title.trim(),
        body: values.body.trim(),
        user_ids: values.user_ids,
        role_ids: values.role_ids,
        group_ids: values.group_ids,
      });
      toast.success(t('info.systemMsg.write.sent', { count: sent.recipients }));
      onSent?.(sent);
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS));
    }
  };

  /** At least one recipient of any kind: checked on the users' field, where the server also says it. */
  const someone = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: () =>
      RECIPIENTS.some((name) => (getFieldValue(name) as number[] | undefined)?.length)
        ? Promise.resolve()
        : Promise.reject(new Error(t('info.systemMsg.write.recipientRequired'))),
  });
  const most = {
    type: 'array' as const,
    max: MESSAGE_ADDRESSEES_MAX,
    message: t('info.systemMsg.write.recipientsMax', { max: MESSAGE_ADDRESSEES_MAX }),
  };

  return (
    <FormModal<Values>
      open={open}
      width={640}
      title={t('info.systemMsg.write.title')}
      form={form}
      name="message"
      initialValues={{ title: '', body: '', user_ids: [], role_ids: [], group_ids: [] }}
      loading={send.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('info.systemMsg.write.ok')}
      hiddenSubmit={false}
      onValuesChange={(changed: Partial<Values>) => {
        // Choosing a recipient of any kind answers the "at least one" check, and a server error on a list goes
        // once that list changes.
        const lists = RECIPIENTS.filter((name) => name in changed);
        if (lists.length === 0) return;
        form.setFields(lists.map((name) => ({ name, errors: [] })));
        if (form.getFieldError('user_ids').length > 0)
          void form.validateFields(['user_ids']).catch(() => undefined);
      }}
    >
      <fieldset className="system-msg__recipients">
        <legend className="system-msg__legend">
          <span className="system-msg__required">{t('info.systemMsg.write.recipients')}</span>
          <Typography.Text type="secondary" className="system-msg__legend-hint">
            {t('info.systemMsg.write.recipientsHint')}
          </Typography.Text>
        </legend>
        <Form.Item
          name="user_ids"
          label={t('info.systemMsg.write.users')}
          rules={[someone, most]}
          validateTrigger={[]}
        >
          <UserRecipientPicker />
        </Form.Item>
        <Form.Item name="role_ids" label={t('info.systemMsg.write.roles')} rules={[most]}>
          <RoleRecipientPicker />
        </Form.Item>
        <Form.Item
          name="group_ids"
          label={t('info.systemMsg.write.groups')}
          extra={t('info.systemMsg.write.groupsHint')}
          rules={[most]}
        >
          <GroupRecipientPicker />
        </Form.Item>
      </fieldset>
      <Form.Item
        name="title"
        label={t('info.systemMsg.form.title')}
        rules={[
          { required: true, whitespace: true, message: t('info.systemMsg.form.titleRequired') },
          { max: MESSAGE_TITLE_MAX, message: t('info.systemMsg.form.titleMax', { max: MESSAGE_TITLE_MAX }) },
        ]}
      >
        <Input
          autoComplete="off"
          maxLength={MESSAGE_TITLE_MAX}
          showCount
          placeholder={t('info.systemMsg.form.titlePlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('info.systemMsg.write.body')}
        rules={[
          { required: true, whitespace: true, message: t('info.systemMsg.write.bodyRequired') },
          { max: MESSAGE_BODY_MAX, message: t('info.systemMsg.form.contentMax', { max: MESSAGE_BODY_MAX }) },
        ]}
      >
        <Input.TextArea
          maxLength={MESSAGE_BODY_MAX}
          showCount
          autoSize={{ minRows: 5, maxRows: 12 }}
          placeholder={t('info.systemMsg.write.bodyPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
});
