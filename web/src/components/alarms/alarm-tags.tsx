// Alarm level (1–5, coloured) and type (produced / recovered / confirmed) tags.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import { alarmLevelColor, alarmTypeColor, alarmTypeKey } from '../../lib/alarms/tags';

export function AlarmLevelTag({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={alarmLevelColor(level)} className="alarm-level-tag" data-level={level}>
      {t('telemetry.alarm.levelN', { n: level })}
    </Tag>
  );
}

export function AlarmTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <Tag variant="filled" color={alarmTypeColor(type)} data-type={type}>
      {t(alarmTypeKey(type))}
    </Tag>
  );
}
