// The settings forms' group and device fields: the console's pickers (components/pickers), with a warning under the
// field when the chosen group or device is no longer there, so the editor sees why its card says "gone".
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';

import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { DevicePicker } from '@/components/pickers/device-picker';
import { isGone } from './gone';
import { useGroupCheck } from './group-check';
import { useDeviceDetail } from './queries';

export interface PickerFieldProps {
  /** The form field's name. */
  name: string;
  label: string;
  /** What leaving it empty means. */
  placeholder: string;
  extra?: string;
  /** The id held now (for its label and the gone check). */
  value: number | null | undefined;
}

export function GroupField({ name, label, placeholder, extra, value }: PickerFieldProps) {
  const { t } = useTranslation();
  const check = useGroupCheck(value ?? null, true);
  const gone = check.state === 'gone';
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      validateStatus={gone ? 'warning' : undefined}
      help={gone ? t('dashboards.widgets.data.gone.group') : undefined}
    >
      <DeviceGroupPicker allowClear placeholder={placeholder} aria-label={label} />
    </Form.Item>
  );
}

export function DeviceField({ name, label, placeholder, extra, value }: PickerFieldProps) {
  const { t } = useTranslation();
  const device = useDeviceDetail(value ?? null, true);
  const gone = value != null && isGone(device.error);
  const known = device.data
    ? [{ id: device.data.id, sn_code: device.data.sn_code, alias: device.data.alias }]
    : [];
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      validateStatus={gone ? 'warning' : undefined}
      help={gone ? t('dashboards.widgets.data.gone.device') : undefined}
    >
      <DevicePicker<number> allowClear placeholder={placeholder} aria-label={label} known={known} />
    </Form.Item>
  );
}
