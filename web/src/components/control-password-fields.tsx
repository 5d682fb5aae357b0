// The fields that set a control password (6–32 characters) and confirm it, shared by the device's own password
// and the tenant's default; the surrounding Form (and its submit) is the caller's.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

import { CONTROL_PASSWORD_MAX, CONTROL_PASSWORD_MIN } from '@/types/limits.gen';

export interface ControlPasswordValues {
  password: string;
  confirm: string;
}

export function ControlPasswordFields() {
  const { t } = useTranslation();
  const rule = t('telemetry.control.rule', { min: CONTROL_PASSWORD_MIN, max: CONTROL_PASSWORD_MAX });
  return (
    <>
      <Form.Item
        name="password"
        label={t('telemetry.control.password')}
        extra={rule}
        rules={[
          { required: true, message: t('telemetry.control.required') },
          { min: CONTROL_PASSWORD_MIN, max: CONTROL_PASSWORD_MAX, message: rule },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={CONTROL_PASSWORD_MAX} />
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
        <Input.Password autoComplete="new-password" maxLength={CONTROL_PASSWORD_MAX} />
      </Form.Item>
    </>
  );
}
