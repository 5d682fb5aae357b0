// Alarm level (1–5, coloured) and type (produced / recovered / confirmed) tags, and the legend of the level colours.
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import { ALARM_LEVELS, alarmLevelColor, alarmTypeColor, alarmTypeKey } from '@/lib/alarms/tags';

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

/** The five level colours in order, most urgent first, so a colour in a list reads the same everywhere. */
export function AlarmLevelLegend() {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap className="alarm-legend" aria-label={t('telemetry.alarm.legend.label')} role="group">
      <span className="text-secondary alarm-legend__end">{t('telemetry.alarm.legend.urgent')}</span>
      {ALARM_LEVELS.map((level) => (
        <AlarmLevelTag key={level} level={level} />
      ))}
      <span className="text-secondary alarm-legend__end">{t('telemetry.alarm.legend.minor')}</span>
    </Space>
  );
}
