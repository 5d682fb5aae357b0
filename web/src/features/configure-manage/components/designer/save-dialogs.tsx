// The dialogs around saving: the two-editors choice (115020: reload their save, overwrite it knowingly, or keep
// editing), the unsaved-changes question on leaving the route, and the refusal of a rule shown with its code and the
// field it names above the editor.
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';

import type { SaveRefusal } from './use-design-save';

interface ConflictModalProps {
  open: boolean;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}

export function SaveConflictModal({ open, busy, onReload, onOverwrite, onCancel }: ConflictModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('designer.editor.conflict.title')}
      onCancel={onCancel}
      footer={
        <Space wrap>
          <Button onClick={onCancel}>{t('designer.editor.conflict.keep')}</Button>
          <Button onClick={onReload} disabled={busy}>
            {t('designer.editor.conflict.reload')}
          </Button>
          <Button type="primary" danger loading={busy} onClick={onOverwrite}>
            {t('designer.editor.conflict.overwrite')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('designer.editor.conflict.body')}</Typography.Paragraph>
    </Modal>
  );
}

export function LeaveModal({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('designer.editor.leave.title')}
      okText={t('designer.editor.leave.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('designer.editor.leave.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <Typography.Paragraph>{t('designer.editor.leave.body')}</Typography.Paragraph>
    </Modal>
  );
}

export function SaveRefusalAlert({ refusal, onClose }: { refusal: SaveRefusal; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose, 'aria-label': t('designer.editor.save.dismiss') }}
      title={t('designer.editor.save.refused', { detail: refusal.detail })}
      description={
        <span data-testid="save-refusal">
          {refusal.code && t('designer.editor.save.code', { code: refusal.code })}
          {refusal.field && ` · ${t('designer.editor.save.field', { field: refusal.field })}`}
          {` · ${t('designer.editor.save.kept')}`}
        </span>
      }
    />
  );
}
