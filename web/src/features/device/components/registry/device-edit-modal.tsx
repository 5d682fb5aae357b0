// Edit a device's site facts: alias, group, area (province → city → area), address, contact, site type, remark.
import { Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateDevice } from '../../api/update-device';
import { areaCodes, areaValue } from '../../lib/area';
import {
  ADDRESS_MAX,
  ALIAS_MAX,
  CONTACT_NAME_MAX,
  REMARK_MAX,
  SITE_TYPE_MAX,
  emailRules,
  maxRule,
  phoneRules,
} from '../../lib/rules';
import type { DeviceOut } from '../../types';
import { AreaCascader } from './area-cascader';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { PHONE_DIGITS } from '@/types/limits.gen';
import { perOpening } from '@/components/per-opening';

interface Values {
  alias: string;
  group_id: number | null;
  area: string[];
  address: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  site_type: string;
  remark: string;
}

interface DeviceEditModalProps {
  open: boolean;
  device: DeviceOut | null;
  onClose: () => void;
}

const SERVER_FIELDS = [
  'alias',
  'group_id',
  'address',
  'contact_name',
  'contact_phone',
  'contact_email',
  'site_type',
  'remark',
  'area',
];

export const DeviceEditModal = perOpening(function DeviceEditModal({
  open,
  device,
  onClose,
}: DeviceEditModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const update = useUpdateDevice();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    if (!device) return;
    try {
      await update.mutateAsync({
        id: device.id,
        alias: values.alias.trim(),
        ...(values.group_id ? { group_id: values.group_id } : {}),
        ...areaCodes(values.area),
        address: values.address.trim(),
        contact_name: values.contact_name.trim(),
        contact_phone: values.contact_phone.trim(),
        contact_email: values.contact_email.trim(),
        site_type: values.site_type.trim(),
        remark: values.remark.trim(),
      });
      toast.success(t('device.edit.success'));
      onClose();
    } catch (e) {
      setError(
        applyServerError(form, e, SERVER_FIELDS, {
          province_code: 'area',
          city_code: 'area',
          area_code: 'area',
        }),
      );
    }
  };

  return (
    <FormModal<Values>
      open={open && device !== null}
      title={t('device.edit.title', { name: device ? device.alias || device.sn_code : '' })}
      width={640}
      form={form}
      name="device-edit"
      initialValues={
        device
          ? {
              alias: device.alias,
              group_id: device.group_id,
              area: areaValue(device),
              address: device.address,
              contact_name: device.contact_name,
              contact_phone: device.contact_phone,
              contact_email: device.contact_email,
              site_type: device.site_type,
              remark: device.remark,
            }
          : undefined
      }
      loading={update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      formProps={{ className: 'devreg-form' }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="alias" label={t('device.field.alias')} rules={[maxRule(t, ALIAS_MAX)]}>
            <Input
              autoComplete="off"
              maxLength={ALIAS_MAX}
              autoFocus
              placeholder={t('device.field.aliasPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="group_id" label={t('device.field.group')}>
            <DeviceGroupPicker />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="area" label={t('device.field.area')}>
            <AreaCascader />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('device.field.address')} rules={[maxRule(t, ADDRESS_MAX)]}>
            <Input
              autoComplete="off"
              maxLength={ADDRESS_MAX}
              placeholder={t('device.field.addressPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="contact_name"
            label={t('device.field.contactName')}
            rules={[maxRule(t, CONTACT_NAME_MAX)]}
          >
            <Input autoComplete="off" maxLength={CONTACT_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="contact_phone" label={t('device.field.contactPhone')} rules={phoneRules(t)}>
            <Input autoComplete="off" maxLength={PHONE_DIGITS} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="contact_email" label={t('device.field.contactEmail')} rules={emailRules(t)}>
            <Input autoComplete="off" type="email" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="site_type" label={t('device.field.siteType')} rules={[maxRule(t, SITE_TYPE_MAX)]}>
            <Input
              autoComplete="off"
              maxLength={SITE_TYPE_MAX}
              placeholder={t('device.field.siteTypePlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('device.field.remark')} rules={[maxRule(t, REMARK_MAX)]}>
            <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
});
