// The administrator's tenant-wide default control password: set (6–32 characters) or clear (PUT /dev/controls).
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSetDefaultControlPassword } from '../api/set-default-control-password';

const MIN = 6;
const MAX = 32;

interface PasswordForm {
  password: string;
  confirm: string;
}

export function DefaultControlPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const save = useSetDefaultControlPassword();
  const [error, setError] = useState<string | null>(null);
  const rule = t('telemetry.control.rule', { min: MIN, max: MAX });

  const onFinish = ({ password }: PasswordForm) =>
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
      <Form<PasswordForm>
        form={form}
        name="default-control-password"
        layout="vertical"
        preserve={false}
        onFinish={(v) => void onFinish(v)}
        onValuesChange={() => {
          if (error) setError(null);
        }}
      >
        <Form.Item
          name="password"
          label={t('telemetry.control.password')}
          extra={rule}
          rules={[
            { required: true, message: t('telemetry.control.required') },
            { min: MIN, max: MAX, message: rule },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={MAX} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('telemetry.control.passwordConfirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('telemetry.control.required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('telemetry.control.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={MAX} />
        </Form.Item>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
