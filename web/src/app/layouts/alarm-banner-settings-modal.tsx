// The alarm banner's settings dialog, opened from the user menu or the banner's gear: the least urgent level the
// banner shows (or off) and the beep. Saved per user in this browser (alarm-banner-settings.ts). Turning the sound on
// is the user gesture that lets the browser play it (alarm-sound.ts).
import { SoundOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { useSession } from '@/lib/session';
import {
  BANNER_LEVELS,
  useAlarmBannerSettings,
  writeBannerSettings,
  type AlarmBannerSettings,
  type BannerLevel,
} from './alarm-banner-settings';
import { beep, unlockSound, useSoundState } from './alarm-sound';

function levelLabelKey(level: BannerLevel): { key: string; n?: number } {
  if (level === 0) return { key: 'layout.alarmBanner.settings.off' };
  if (level === 5) return { key: 'layout.alarmBanner.settings.all' };
  if (level === 1) return { key: 'layout.alarmBanner.settings.one' };
  return { key: 'layout.alarmBanner.settings.upTo', n: level };
}

interface AlarmBannerSettingsModalProps {
  open: boolean;
  onClose: () => void;
}

export const AlarmBannerSettingsModal = perOpening(function AlarmBannerSettingsModal({
  open,
  onClose,
}: AlarmBannerSettingsModalProps) {
  const { t } = useTranslation();
  const userId = useSession((s) => s.userId);
  const settings = useAlarmBannerSettings();
  const [form] = Form.useForm<AlarmBannerSettings>();
  const [error, setError] = useState<string | null>(null);
  const sound = useSoundState();
  // (Undefined until the form mounts, a moment after the dialog, whatever its type says.)
  const soundOn = (Form.useWatch('sound', form) as boolean | undefined) === true;

  const test = () => {
    unlockSound();
    // A context just created in this click runs at once; one the browser resumes plays from the next click.
    beep();
  };

  return (
    <FormModal<AlarmBannerSettings>
      open={open}
      title={t('layout.alarmBanner.settings.title')}
      width={460}
      form={form}
      name="alarm-banner-settings"
      initialValues={settings}
      loading={false}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={(values) => {
        writeBannerSettings(userId, { level: values.level, sound: values.sound });
        onClose();
      }}
    >
      <Form.Item
        name="level"
        label={t('layout.alarmBanner.settings.level')}
        extra={t('layout.alarmBanner.settings.levelHint')}
      >
        <Select<BannerLevel>
          options={BANNER_LEVELS.map((level) => {
            const { key, n } = levelLabelKey(level);
            return { value: level, label: t(key, { n }) };
          })}
        />
      </Form.Item>
      <Form.Item
        label={t('layout.alarmBanner.settings.sound')}
        extra={t('layout.alarmBanner.settings.soundHint')}
      >
        <Space size={12} wrap>
          <Form.Item name="sound" valuePropName="checked" noStyle>
            <Switch
              aria-label={t('layout.alarmBanner.settings.sound')}
              disabled={sound === 'unsupported'}
              onChange={(checked) => {
                // This click is the gesture the browser asks for before a page may play sound.
                if (checked) unlockSound();
              }}
            />
          </Form.Item>
          {soundOn && sound !== 'unsupported' && (
            <Button size="small" icon={<SoundOutlined />} onClick={test}>
              {t('layout.alarmBanner.settings.test')}
            </Button>
          )}
        </Space>
        {sound === 'unsupported' && (
          <Typography.Text type="secondary" className="alarm-banner-settings__note">
            {t('layout.alarmBanner.settings.unsupported')}
          </Typography.Text>
        )}
      </Form.Item>
      <Typography.Text type="secondary" className="alarm-banner-settings__note">
        {t('layout.alarmBanner.settings.perBrowser')}
      </Typography.Text>
    </FormModal>
  );
});
