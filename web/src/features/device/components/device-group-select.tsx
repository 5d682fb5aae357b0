// A select of the tenant's device groups (the default group's built-in name translated).
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { useDeviceGroups } from '../api/list-device-groups';

type Props = Omit<SelectProps<number>, 'options' | 'loading'>;

export function DeviceGroupSelect(props: Props) {
  const { t } = useTranslation();
  const groups = useDeviceGroups();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('device.field.groupPlaceholder')}
      {...props}
      loading={groups.isPending}
      options={(groups.data ?? []).map((g) => ({
        value: g.id,
        label: g.name,
      }))}
    />
  );
}
