// Register a device: SN (checked with GET /dev/SN while it is typed), secret (with a generator), alias, group.
import { ThunderboltOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { checkSn } from '../../api/check-sn';
import { useDeviceGroups } from '../../api/list-device-groups';
import { useRegisterDevice } from '../../api/register-device';
import {
  ALIAS_MAX,
  SECRET_MAX,
  SN_MAX,
  generateSecret,
  isValidSn,
  maxRule,
  secretRules,
  snRules,
} from '../../lib/rules';
import { snNotice, type SnNotice } from '../../lib/sn-notice';
import type { DeviceOut } from '../../types';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { perOpening } from '@/components/per-opening';

const SN_CHECK_DELAY_MS = 400;

interface Values {
  sn_code: string;
  secret: string;
  alias?: string;
  group_id?: number | null;
}

interface RegisterDeviceModalProps {
  open: boolean;
  /** Prefilled SN (registering an unregistered device again). */
  sn?: string | undefined;
  /** Preselected group (the group chosen on the left). */
  groupId?: number | null | undefined;
  onClose: () => void;
  onRegistered?: (device: DeviceOut) => void;
}

export const RegisterDeviceModal = perOpening(function RegisterDeviceModal({
  open,
  sn,
  groupId,
  onClose,
  onRegistered,
}: RegisterDeviceModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const register = useRegisterDevice();
  const groups = useDeviceGroups();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<SnNotice>(null);
  const [showSecret, setShowSecret] = useState(false);
  const defaultGroup = groups.data?.find((g) => g.is_default)?.id ?? null;

  const check = useCallback(
    (value: string) => {
      const code = value.trim();
      if (!isValidSn(code)) return;
      checkSn(code).then(
        (result) => {
          if (form.getFieldValue('sn_code') === value) setNotice(snNotice(result));
        },
        () => undefined,
      );
    },
    [form],
  );

  // The SN is checked a moment after typing stops (and at once when the field is left), so an SN that is already
  // registered, here or elsewhere, is flagged before the rest of the form is filled in.
  const typed = Form.useWatch('sn_code', form);
  useEffect(() => {
    if (!open || typeof typed !== 'string') return;
    const timer = window.setTimeout(() => check(typed), SN_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, open, check]);

  const onFinish = async (values: Values) => {
    try {
      const device = await register.mutateAsync({
        sn_code: values.sn_code.trim(),
        secret: values.secret,
        ...(values.alias?.trim() ? { alias: values.alias.trim() } : {}),
        ...(values.group_id ? { group_id: values.group_id } : {}),
      });
      toast.success(t('device.register.success', { sn: device.sn_code }));
      onRegistered?.(device);
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['sn_code', 'secret', 'alias', 'group_id']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('device.register.title')}
      width={520}
      form={form}
      name="device-register"
      initialValues={{ sn_code: sn ?? '', secret: '', alias: '', group_id: groupId ?? defaultGroup }}
      loading={register.isPending}
      error={error}
      onErrorChange={setError}
      onClose={() => {
        setNotice(null);
        setShowSecret(false);
        onClose();
      }}
      okText={t('device.register.submit')}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<Values>) => {
        if ('sn_code' in changed) setNotice(null);
      }}
    >
      <Form.Item
        name="sn_code"
        label={t('device.field.sn')}
        rules={snRules(t)}
        validateStatus={notice?.tone === 'danger' ? 'error' : undefined}
        extra={notice && <Typography.Text type={notice.tone}>{t(notice.key)}</Typography.Text>}
      >
        <Input
          autoComplete="off"
          maxLength={SN_MAX}
          autoFocus={!sn}
          placeholder={t('device.register.snPlaceholder')}
          onBlur={(e) => check(e.target.value)}
        />
      </Form.Item>
      <Form.Item label={t('device.field.secret')} required extra={t('device.register.secretHint')}>
        <Space.Compact className="devreg-block">
          <Form.Item name="secret" noStyle rules={secretRules(t)}>
            <Input.Password
              autoComplete="new-password"
              maxLength={SECRET_MAX}
              autoFocus={Boolean(sn)}
              aria-label={t('device.field.secret')}
              placeholder={t('device.register.secretPlaceholder')}
              visibilityToggle={{ visible: showSecret, onVisibleChange: setShowSecret }}
            />
          </Form.Item>
          <Button
            icon={<ThunderboltOutlined />}
            onClick={() => {
              form.setFieldValue('secret', generateSecret());
              setShowSecret(true);
              void form.validateFields(['secret']);
            }}
          >
            {t('device.register.generate')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="alias" label={t('device.field.alias')} rules={[maxRule(t, ALIAS_MAX)]}>
        <Input autoComplete="off" maxLength={ALIAS_MAX} placeholder={t('device.field.aliasPlaceholder')} />
      </Form.Item>
      <Form.Item name="group_id" label={t('device.field.group')}>
        <DeviceGroupPicker />
      </Form.Item>
    </FormModal>
  );
});
