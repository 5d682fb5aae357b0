// The administrator's tenant-wide default control password: set (6–32 characters) or clear (PUT /dev/controls).
import { App, Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ControlPasswordFields, type ControlPasswordValues } from '@/components/control-password-fields';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSetDefaultControlPassword } from '../api/set-default-control-password';
import { perOpening } from '@/components/per-opening';

export const DefaultControlPasswordModal = perOpening(function DefaultControlPasswordModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<ControlPasswordValues>();
  const save = useSetDefaultControlPassword();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ password }: ControlPasswordValues) =>
    save.mutateAsync(password).then(
      () => {
        toast.success(t('telemetry.control.saved'));
        onClose();
      },
      (e: unknown) => {
        setError(applyServerError(form, e, ['password']));
      },
    );

  const onClear = () =>
    void modal.confirm({
      title: t('telemetry.control.globalClearTitle'),
      okText: t('telemetry.control.clear'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: () =>
        save.mutateAsync(null).then(
          () => {
            toast.success(t('telemetry.control.cleared'));
            onClose();
          },
          (e: unknown) => toast.error(e instanceof Error ? e.message : String(e)),
        ),
    });

  return (
    <Modal
      open={open}
      title={t('telemetry.control.globalTitle')}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={() => {
        setError(null);
      }}
      footer={[
        <Button key="clear" danger onClick={onClear} disabled={save.isPending}>
          {t('telemetry.control.globalClear')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('common.action.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('common.action.save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('telemetry.control.globalDesc')}</Typography.Paragraph>
      <Form<ControlPasswordValues>
        form={form}
        name="default-control-password"
        layout="vertical"
        preserve={false}
        onFinish={(v) => void onFinish(v)}
        onValuesChange={() => {
          if (error) setError(null);
        }}
      >
        <ControlPasswordFields />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
});
