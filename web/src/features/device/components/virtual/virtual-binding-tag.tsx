// Binding state of a virtual device: normal, or abnormal with its reason (SN empty / firmware version differs).
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { abnormalReasonKey } from '../../lib/virtual-form';
import type { VirtualOut } from '../../lib/monitor-types';
import { EMPTY } from '@/lib/empty';

export function VirtualBindingTag({
  device,
  withReason = true,
}: {
  device: Pick<
    VirtualOut,
    'binding_state' | 'abnormal_reason' | 'firmware_version' | 'device_firmware_version'
  >;
  withReason?: boolean;
}) {
  const { t } = useTranslation();
  if (device.binding_state === 'normal') {
    return (
      <Tag color="success" icon={<CheckCircleFilled />} variant="filled">
        {t('device.virtual.binding.normal')}
      </Tag>
    );
  }
  const reason = t(abnormalReasonKey(device.abnormal_reason));
  const hint =
    device.abnormal_reason === 'version_differs'
      ? t('device.virtual.binding.versionHint', {
          own: device.firmware_version || EMPTY,
          bound: device.device_firmware_version ?? EMPTY,
        })
      : t('device.virtual.binding.snHint');
  return (
    <Tooltip title={hint}>
      <Tag color="error" icon={<ExclamationCircleFilled />} variant="filled">
        {withReason
          ? t('device.virtual.binding.abnormalWith', { reason })
          : t('device.virtual.binding.abnormal')}
      </Tag>
    </Tooltip>
  );
}
