// Create or edit a virtual device: name, group, version (1.0 one bound device / 2.0 member devices), GPS device,
// template (own or shared with the caller), region and address, contact, viewer permissions.
import { Checkbox, Col, Form, Input, Radio, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSaveVirtualDevice } from '../../api/save-virtual-device';
import {
  VIRTUAL_PERMISSIONS,
  VIRTUAL_VERSIONS,
  type VirtualOut,
  type VirtualVersion,
} from '../../lib/monitor-types';
import {
  membersRules,
  nameRules,
  phoneRules,
  toFormValues,
  toInput,
  VIRTUAL_ADDRESS_MAX,
  VIRTUAL_CONTACT_MAX,
  VIRTUAL_NAME_MAX,
  type VirtualFormValues,
} from '../../lib/virtual-form';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { DevicePicker } from '@/components/pickers/device-picker';
import type { PickerDevice } from '@/components/pickers/picker-api';
import { VirtualRegionCascader } from './virtual-region-cascader';
import { VirtualTemplateSelect } from './virtual-template-select';
import { PHONE_DIGITS } from '@/types/limits.gen';
import { perOpening } from '@/components/per-opening';

const FIELDS = [
  'name',
  'group_id',
  'version',
  'device_id',
  'member_ids',
  'gps_device_id',
  'template_id',
  'region',
  'address',
  'contact_name',
  'contact_phone',
  'permissions',
];
const FIELD_ALIASES: Record<string, string> = {
  province_code: 'region',
  city_code: 'region',
  area_code: 'region',
};

function knownOf(v: VirtualOut | null): PickerDevice[] {
  if (!v) return [];
  const out: PickerDevice[] = v.members.map((m) => ({ id: m.device_id, sn_code: m.sn_code, alias: m.alias }));
  if (v.device_id !== null) out.push({ id: v.device_id, sn_code: v.sn_code, alias: v.device_alias });
  if (v.gps_device_id !== null) out.push({ id: v.gps_device_id, sn_code: v.gps_sn_code ?? '', alias: null });
  return out;
}

export const VirtualFormModal = perOpening(function VirtualFormModal({
  open,
  device,
  onClose,
}: {
  open: boolean;
  /** null: create. */
  device: VirtualOut | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VirtualFormValues>();
  const save = useSaveVirtualDevice();
  const [error, setError] = useState<string | null>(null);
  // Undefined until the form has mounted.
  const version = (Form.useWatch('version', form) as VirtualVersion | undefined) ?? device?.version ?? '1.0';
  const known = knownOf(device);

  const onFinish = async (values: VirtualFormValues) => {
    setError(null);
    try {
      await save.mutateAsync({ id: device?.id ?? null, input: toInput(values) });
      toast.success(device ? t('device.virtual.saved') : t('device.virtual.created'));
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS, FIELD_ALIASES));
    }
  };

  return (
    <FormModal<VirtualFormValues>
      open={open}
      title={device ? t('device.virtual.editTitle') : t('device.virtual.createTitle')}
      width={760}
      form={form}
      name="virtual-device"
      initialValues={toFormValues(device)}
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('device.virtual.field.name')} rules={nameRules(t)}>
            <Input maxLength={VIRTUAL_NAME_MAX} showCount autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="group_id" label={t('device.virtual.field.group')}>
            <DeviceGroupPicker allowClear placeholder={t('device.virtual.field.groupPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="version"
            label={t('device.virtual.field.version')}
            tooltip={t('device.virtual.field.versionHint')}
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={VIRTUAL_VERSIONS.map((v) => ({
                value: v,
                label: t(`device.virtual.version.${v === '1.0' ? 'v1' : 'v2'}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="template_id"
            label={t('device.virtual.field.template')}
            extra={t('device.virtual.field.templateHint')}
          >
            <VirtualTemplateSelect
              known={
                device?.template_id != null && device.template_name
                  ? { id: device.template_id, name: device.template_name }
                  : null
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {version === '2.0' ? (
            <Form.Item
              name="member_ids"
              label={t('device.virtual.field.members')}
              rules={membersRules(t)}
              extra={t('device.virtual.field.membersHint')}
            >
              <DevicePicker mode="multiple" known={known} maxTagCount="responsive" />
            </Form.Item>
          ) : (
            <Form.Item
              name="device_id"
              label={t('device.virtual.field.device')}
              extra={t('device.virtual.field.deviceHint')}
            >
              <DevicePicker known={known} />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="gps_device_id"
            label={t('device.virtual.field.gpsDevice')}
            extra={t('device.virtual.field.gpsHint')}
          >
            <DevicePicker known={known} placeholder={t('device.virtual.field.gpsPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="region" label={t('device.virtual.field.region')}>
            <VirtualRegionCascader />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="address"
            label={t('device.virtual.field.address')}
            rules={[
              {
                max: VIRTUAL_ADDRESS_MAX,
                message: t('device.virtual.rule.addressMax', { max: VIRTUAL_ADDRESS_MAX }),
              },
            ]}
          >
            <Input maxLength={VIRTUAL_ADDRESS_MAX} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contact_name"
            label={t('device.virtual.field.contactName')}
            rules={[
              {
                max: VIRTUAL_CONTACT_MAX,
                message: t('device.virtual.rule.contactMax', { max: VIRTUAL_CONTACT_MAX }),
              },
            ]}
          >
            <Input maxLength={VIRTUAL_CONTACT_MAX} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contact_phone"
            label={t('device.virtual.field.contactPhone')}
            rules={phoneRules(t)}
          >
            <Input maxLength={PHONE_DIGITS} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="permissions"
            label={t('device.virtual.field.permissions')}
            extra={t('device.virtual.field.permissionsHint')}
          >
            <Checkbox.Group
              options={VIRTUAL_PERMISSIONS.map((p) => ({
                value: p,
                label: t(`device.virtual.permission.${p}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
});
