// How the caller holds a device: own, administered, shared with them, distributed to them.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import type { DeviceRelation } from '../../types';

const COLORS: Record<DeviceRelation, string> = {
  owner: 'blue',
  admin: 'gold',
  group: 'geekblue',
  distribution: 'cyan',
  share: 'purple',
};

export function RelationTag({ relation }: { relation: DeviceRelation }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[relation]} variant="filled">
      {t(`device.relation.${relation}`)}
    </Tag>
  );
}
