// The alarm banner's strip (alarm-banner.tsx keeps the alarms, the beeps and the dialogs): level, device, alarm,
// value and time, "+N more", the arrows, Confirm, Shelve, View, the settings and ×. Loaded with the first alarm the
// banner shows.
import {
  CheckOutlined,
  CloseOutlined,
  EyeOutlined,
  LeftOutlined,
  PauseCircleOutlined,
  RightOutlined,
  SettingOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AlarmLevelTag } from '@/components/alarms/alarm-tags';
import { formatAlarmValue } from '@/lib/alarms/format';
import type { AlarmOut } from '@/lib/alarms/types';

function alarmTime(ms: number): string {
  const at = dayjs(ms);
  return at.isSame(dayjs(), 'day') ? at.format('HH:mm:ss') : at.format('MM-DD HH:mm:ss');
}

/** An action: its label on a wide screen, an icon named by aria-label on a phone. */
function Action({
  phone,
  icon,
  label,
  ...props
}: {
  phone: boolean;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  type?: 'primary' | 'default';
}) {
  const button = (
    // A phone's buttons are a finger's size (32 px), icons named by aria-label.
    // (No space antd would put between two Chinese characters: the label reads as written, "确认".)
    <Button
      size={phone ? 'middle' : 'small'}
      icon={icon}
      autoInsertSpace={false}
      aria-label={phone ? label : undefined}
      {...props}
    >
      {phone ? null : label}
    </Button>
  );
  return phone ? <Tooltip title={label}>{button}</Tooltip> : button;
}

interface AlarmBannerViewProps {
  /** The alarm shown. */
  alarm: AlarmOut;
  /** Its place among the alarms shown (0: the newest). */
  index: number;
  total: number;
  phone: boolean;
  /** Whether View (the real-time alarm page) is the user's. */
  canList: boolean;
  /** The sound is on but the browser has not let it play: a button enables it. */
  soundHint: boolean;
  onEnableSound: () => void;
  onStep: (by: number) => void;
  /** Left out when the caller's role lacks alarm_confirm: no Confirm or Shelve is offered. */
  onConfirm?: () => void;
  onShelve?: () => void;
  onView: () => void;
  onSettings: () => void;
  onDismiss: () => void;
}

export default function AlarmBannerView({
  alarm,
  index,
  total,
  phone,
  canList,
  soundHint,
  onEnableSound,
  onStep,
  onConfirm,
  onShelve,
  onView,
  onSettings,
  onDismiss,
}: AlarmBannerViewProps) {
  const { t } = useTranslation();
  const device = alarm.dev_alias || alarm.sn_code;
  const value = formatAlarmValue(alarm.value);
  const more = total - 1;
  const size = phone ? 'middle' : 'small';
  return (
    <section
      className={`alarm-banner alarm-banner--level-${String(alarm.alarm_level)}${phone ? ' alarm-banner--phone' : ''}`}
      aria-label={t('layout.alarmBanner.region')}
      data-testid="alarm-banner"
    >
      <div className="alarm-banner__body" key={alarm.id}>
        <AlarmLevelTag level={alarm.alarm_level} />
        <span className="alarm-banner__device" title={device}>
          {device}
        </span>
        <span className="alarm-banner__name" title={alarm.alarm_name}>
          {alarm.alarm_name}
        </span>
        <span className="alarm-banner__meta">
          {t('layout.alarmBanner.value', { value })}
          {' · '}
          <time dateTime={new Date(alarm.alarm_time).toISOString()}>{alarmTime(alarm.alarm_time)}</time>
        </span>
        {more > 0 && (
          <span className="alarm-banner__more">{t('layout.alarmBanner.more', { count: more })}</span>
        )}
      </div>
      <div className="alarm-banner__actions">
        {soundHint && (
          <Button
            size="small"
            type="link"
            icon={<SoundOutlined />}
            className="alarm-banner__sound"
            onClick={onEnableSound}
          >
            {t('layout.alarmBanner.enableSound')}
          </Button>
        )}
        {total > 1 && (
          <span className="alarm-banner__stepper">
            <Button
              size={size}
              type="text"
              icon={<LeftOutlined />}
              aria-label={t('layout.alarmBanner.previous')}
              disabled={index === 0}
              onClick={() => {
                onStep(-1);
              }}
            />
            <span className="alarm-banner__position">
              {t('layout.alarmBanner.position', { index: index + 1, total })}
            </span>
            <Button
              size={size}
              type="text"
              icon={<RightOutlined />}
              aria-label={t('layout.alarmBanner.next')}
              disabled={index >= total - 1}
              onClick={() => {
                onStep(1);
              }}
            />
          </span>
        )}
        {onConfirm && (
          <Action
            phone={phone}
            type="primary"
            icon={<CheckOutlined />}
            label={t('layout.alarmBanner.confirm')}
            onClick={onConfirm}
          />
        )}
        {onShelve && (
          <Action
            phone={phone}
            icon={<PauseCircleOutlined />}
            label={t('layout.alarmBanner.shelve')}
            onClick={onShelve}
          />
        )}
        {canList && (
          <Action
            phone={phone}
            icon={<EyeOutlined />}
            label={t('layout.alarmBanner.view')}
            onClick={onView}
          />
        )}
        <Tooltip title={t('layout.alarmBanner.settingsLabel')}>
          <Button
            size={size}
            type="text"
            icon={<SettingOutlined />}
            aria-label={t('layout.alarmBanner.settingsLabel')}
            onClick={onSettings}
          />
        </Tooltip>
        <Tooltip title={t('layout.alarmBanner.dismiss')}>
          <Button
            size={size}
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('layout.alarmBanner.dismiss')}
            onClick={onDismiss}
          />
        </Tooltip>
      </div>
    </section>
  );
}
