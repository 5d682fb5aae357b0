// Confirms one or more alarms with an optional note (≤ 200 characters): POST /rAlarmDev/confirmation.
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { ALARM_NOTE_MAX, useConfirmAlarms } from '@/lib/alarms/confirm-alarms';
import { toast } from '@/lib/toast';
import { perOpening } from '../per-opening';

interface ConfirmAlarmsModalProps {
  /** The alarms to confirm; an empty list closes the dialog. */
  ids: number[];
  onClose: () => void;
  onDone?: () => void;
  /** The server refused (its reason shown by lib/http): 110576 gone, 110577 confirmed already. */
  onFailed?: (error: unknown) => void;
}

export const ConfirmAlarmsModal = perOpening(
  function ConfirmAlarmsModal({ ids, onClose, onDone, onFailed }: ConfirmAlarmsModalProps) {
    const { t } = useTranslation();
    const [form] = Form.useForm<{ note: string }>();
    const confirm = useConfirmAlarms();
    const count = ids.length;

    const submit = ({ note }: { note: string }) =>
      confirm.mutateAsync({ ids, note: (note || '').trim() }).then(
        () => {
          toast.success(t('telemetry.alarm.confirmed', { count }));
          onDone?.();
          onClose();
        },
        // lib/http has shown the server's reason (110576, 110577).
        (error: unknown) => {
          onFailed?.(error);
        },
      );

    return (
      <Modal
        open={count > 0}
        title={t('telemetry.alarm.confirmTitle', { count })}
        destroyOnHidden
        mask={{ closable: false }}
        okText={t('telemetry.alarm.confirm')}
        cancelText={t('common.action.cancel')}
        confirmLoading={confirm.isPending}
        onOk={() => form.submit()}
        onCancel={onClose}
      >
        <Typography.Paragraph type="secondary">{t('telemetry.alarm.confirmHint')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          name="confirm-alarms"
          preserve={false}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="note"
            label={t('telemetry.alarm.noteLabel')}
            rules={[{ max: ALARM_NOTE_MAX, message: t('telemetry.alarm.noteMax', { max: ALARM_NOTE_MAX }) }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={ALARM_NOTE_MAX}
              showCount
              placeholder={t('telemetry.alarm.notePlaceholder', { max: ALARM_NOTE_MAX })}
            />
          </Form.Item>
        </Form>
      </Modal>
    );
  },
  { isOpen: (props) => props.ids.length > 0 },
);
