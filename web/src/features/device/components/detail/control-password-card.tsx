// The owner's control password card: whether the device has its own password and the tenant a default, and
// setting (6–32 characters) or clearing the device's own (PUT /dev/controls).
import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ControlPasswordFields, type ControlPasswordValues } from '@/components/control-password-fields';
import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useControlPassword } from '../../api/get-control-password';
import { useSetControlPassword } from '../../api/set-control-password';

function SetTag({ set }: { set: boolean | undefined }) {
  const { t } = useTranslation();
  if (set === undefined) return <Tag>-</Tag>;
  return (
    <Tag variant="filled" color={set ? 'success' : 'default'}>
      {set ? t('telemetry.control.set') : t('telemetry.control.notSet')}
    </Tag>
  );
}

export function ControlPasswordCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const status = useControlPassword(deviceId);
  const save = useSetControlPassword();
  const [open, setOpen] = useState(false);
  const data = status.data;
  const effective = !data
    ? null
    : data.device_password_set
      ? 'device'
      : data.global_password_set
        ? 'global'
        : 'none';

  const onClear = () =>
    void modal.confirm({
      title: t('telemetry.control.clearTitle'),
      content: t('telemetry.control.clearContent'),
      okText: t('telemetry.control.clear'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: () =>
        save.mutateAsync({ device_id: deviceId, password: null }).then(
          () => toast.success(t('telemetry.control.cleared')),
          (e: unknown) => toast.error(e instanceof Error ? e.message : String(e)),
        ),
    });

  return (
    <Card
      title={
        <span>
          <LockOutlined /> {t('telemetry.control.title')}
        </span>
      }
      className="devreg-section control-card"
    >
      <Typography.Paragraph type="secondary">{t('telemetry.control.desc')}</Typography.Paragraph>
      {status.isError ? (
        <Typography.Text type="danger">{t('telemetry.control.loadFailed')}</Typography.Text>
      ) : (
        <div className="control-card__rows">
          <div className="control-card__row">
            <span>{t('telemetry.control.device')}</span>
            <SetTag set={data?.device_password_set} />
          </div>
          <div className="control-card__row">
            <span>{t('telemetry.control.global')}</span>
            <SetTag set={data?.global_password_set} />
          </div>
          {effective && (
            <Typography.Text type="secondary">
              {t(`telemetry.control.effective.${effective}`)}
            </Typography.Text>
          )}
        </div>
      )}
      <div className="control-card__actions">
        <Button
          icon={<KeyOutlined />}
          onClick={() => {
            setOpen(true);
          }}
        >
          {data?.device_password_set ? t('telemetry.control.change') : t('telemetry.control.setAction')}
        </Button>
        {data?.device_password_set && (
          <Button danger loading={save.isPending && !open} onClick={onClear}>
            {t('telemetry.control.clear')}
          </Button>
        )}
      </div>
      <ControlPasswordModal
        open={open}
        deviceId={deviceId}
        onClose={() => {
          setOpen(false);
        }}
      />
    </Card>
  );
}

interface ControlPasswordModalProps {
  open: boolean;
  deviceId: number;
  onClose: () => void;
}

/** A new control password and its confirmation. */
const ControlPasswordModal = perOpening(function ControlPasswordModal({
  open,
  deviceId,
  onClose,
}: ControlPasswordModalProps) {
  const { t } = useTranslation();
  const save = useSetControlPassword();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<ControlPasswordValues>();

  const onFinish = ({ password }: ControlPasswordValues) =>
    save.mutateAsync({ device_id: deviceId, password }).then(
      () => {
        toast.success(t('telemetry.control.saved'));
        onClose();
      },
      (e: unknown) => {
        setError(applyServerError(form, e, ['password']));
      },
    );

  return (
    <FormModal<ControlPasswordValues>
      open={open}
      title={t('telemetry.control.title')}
      form={form}
      name="control-password"
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <ControlPasswordFields />
    </FormModal>
  );
});
