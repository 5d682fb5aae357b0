// The alarm list (issue 15 point 3): the screen's device's current alarms, most urgent level first, as the runtime
// hands them (DeviceAlarmsContext); the editor shows sample rows. Level and state tags are the console's own
// (components/alarms), so a level reads in the same colour as on the fault page.
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

import { AlarmLevelTag, AlarmTypeTag } from '@/components/alarms/alarm-tags';
import { ALARM_LEVELS } from '@/lib/alarms/tags';
import type { AlarmOut } from '@/lib/alarms/types';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { useDeviceAlarms } from './context';
import { NumberField, useSettingPatch } from '../form';
import { settingNumber } from '../settings';
import './controls.css';
import { zoned } from '@/lib/timezone';

export const ALARM_ROWS_MAX = 50;
const ALARM_ROWS_DEFAULT = 10;

/** Most urgent level first (1 before 5), then the newest first. */
export function alarmOrder(alarms: readonly AlarmOut[]): AlarmOut[] {
  return [...alarms].sort((a, b) => a.alarm_level - b.alarm_level || b.alarm_time - a.alarm_time);
}

/** Rows for the editor: one per level, so the designer sees the colours the list will use. */
function sampleAlarms(name: (n: number) => string): AlarmOut[] {
  const now = dayjs().startOf('minute').valueOf();
  return ALARM_LEVELS.slice(0, 3).map((level, i) => ({
    id: -(i + 1),
    device_id: 0,
    sn_code: '',
    dev_alias: '',
    data_source_id: null,
    data_source_name: null,
    alarm_name: name(i + 1),
    alarm_level: level,
    alarm_type: i === 2 ? 2 : 1,
    alarm_info: null,
    value: null,
    alarm_time: now - i * 60_000,
    recover_time: null,
    confirm_time: null,
    confirm_userName: null,
    alarm_note: null,
  }));
}

function AlarmListElement({ element, mode }: ElementRenderProps) {
  const { t } = useTranslation();
  const current = useDeviceAlarms();
  const rows = Math.min(
    ALARM_ROWS_MAX,
    Math.max(1, Math.round(settingNumber(element.settings, 'rows', ALARM_ROWS_DEFAULT))),
  );
  const alarms =
    mode === 'edit'
      ? sampleAlarms((n) => t('designer.controls.alarmList.sampleName', { n }))
      : alarmOrder(current);
  return (
    <div className="designer-alarm-list">
      <table>
        <thead>
          <tr>
            <th>{t('designer.controls.alarmList.level')}</th>
            <th>{t('designer.controls.alarmList.name')}</th>
            <th>{t('designer.controls.alarmList.time')}</th>
            <th>{t('designer.controls.alarmList.state')}</th>
          </tr>
        </thead>
        <tbody>
          {alarms.slice(0, rows).map((alarm) => (
            <tr key={alarm.id} data-testid="alarm-row">
              <td>
                <AlarmLevelTag level={alarm.alarm_level} />
              </td>
              <td>{alarm.alarm_name}</td>
              <td>{zoned(alarm.alarm_time).format('MM-DD HH:mm:ss')}</td>
              <td>
                <AlarmTypeTag type={alarm.alarm_type} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {alarms.length === 0 && (
        <div className="designer-alarm-list__empty">{t('designer.controls.alarmList.empty')}</div>
      )}
    </div>
  );
}

function AlarmListSettings({ element, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  return (
    <NumberField
      label={t('designer.controls.alarmList.rows')}
      value={settingNumber(element.settings, 'rows', ALARM_ROWS_DEFAULT)}
      min={1}
      max={ALARM_ROWS_MAX}
      precision={0}
      onChange={(rows) => {
        patch.setting('rows', rows);
      }}
    />
  );
}

export const alarmListElement: ElementDefinition = {
  type: 'alarm_list',
  category: 'data',
  i18nKey: 'designer.elements.alarm_list',
  defaultSize: { w: 420, h: 200 },
  defaultSettings: () => ({ rows: ALARM_ROWS_DEFAULT }),
  bindingKeys: [],
  stateful: false,
  component: AlarmListElement,
  settingsForm: AlarmListSettings,
};
