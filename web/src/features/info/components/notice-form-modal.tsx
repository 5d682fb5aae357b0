// A notice of the bulletin board, new (saved as a draft) or edited while it is a draft or scheduled: its title (one
// line, ≤ MESSAGE_TITLE_MAX) and its text (≤ MESSAGE_BODY_MAX, line breaks kept), both counted. The server's refusals
// sit on their fields (117802/117804/117814 name `title` or `content`); one about the notice itself (117817: sent
// meanwhile, 117816: gone) shows above the buttons.
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX } from '@/types/limits.gen';
import { useCreateNotice, useUpdateNotice } from '../api/board';
import type { NoticeOut } from '../api/system-msg-types';
import { formatSchedule } from '../lib/system-msg';

interface Values {
  title: string;
  content: string;
}

const FIELDS = ['title', 'content'] as const;

export interface NoticeFormModalProps {
  open: boolean;
  /** null: a new notice. */
  notice: NoticeOut | null;
  onClose: () => void;
  /** The notice as the server saved it. */
  onSaved?: (notice: NoticeOut) => void;
}

export const NoticeFormModal = perOpening(function NoticeFormModal({
  open,
  notice,
  onClose,
  onSaved,
}: NoticeFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateNotice();
  const update = useUpdateNotice();

  const onFinish = async (values: Values) => {
    const body = { title: values.title.trim(), content: values.content.trim() };
    try {
      const saved = notice
        ? await update.mutateAsync({ id: notice.id, ...body })
        : await create.mutateAsync(body);
      toast.success(notice ? t('info.systemMsg.form.saved') : t('info.systemMsg.form.created'));
      onSaved?.(saved);
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      width={640}
      title={notice ? t('info.systemMsg.form.editTitle') : t('info.systemMsg.form.createTitle')}
      form={form}
      name="notice"
      initialValues={{ title: notice?.title ?? '', content: notice?.content ?? '' }}
      loading={create.isPending || update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={notice ? t('common.action.save') : t('info.systemMsg.form.saveDraft')}
      hiddenSubmit={false}
      intro={
        <Alert
          className="system-msg__intro"
          type={notice?.state === 'scheduled' ? 'warning' : 'info'}
          showIcon
          title={
            notice?.state === 'scheduled'
              ? t('info.systemMsg.form.scheduledHint', { time: formatSchedule(notice.send_at) })
              : t('info.systemMsg.form.draftHint')
          }
        />
      }
    >
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
          autoFocus
          placeholder={t('info.systemMsg.form.titlePlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('info.systemMsg.form.content')}
        rules={[
          { required: true, whitespace: true, message: t('info.systemMsg.form.contentRequired') },
          { max: MESSAGE_BODY_MAX, message: t('info.systemMsg.form.contentMax', { max: MESSAGE_BODY_MAX }) },
        ]}
      >
        <Input.TextArea
          maxLength={MESSAGE_BODY_MAX}
          showCount
          autoSize={{ minRows: 6, maxRows: 14 }}
          placeholder={t('info.systemMsg.form.contentPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
});
