// The web page card's settings: the page's http(s) address (at most 500 characters), checked as the server checks it.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

import { useSettingsForm } from '../common/use-settings-form';
import { textOf } from '../common/values';
import type { SettingsFormProps, SettingsOf } from '../types';
import { IFRAME_URL_MAX, isFramableUrl } from './url';

export default function IframeSettings({ settings, onChange }: SettingsFormProps<'iframe'>) {
  const { t } = useTranslation();
  const form = useSettingsForm(settings);
  return (
    <Form<SettingsOf<'iframe'>>
      form={form}
      layout="vertical"
      initialValues={settings}
      onValuesChange={(_, all) => {
        const url = textOf(all.url).trim();
        // Only an address the server takes is kept: a half-typed one stays in the field with its message.
        if (url === '' || isFramableUrl(url)) onChange({ url });
      }}
    >
      <Form.Item
        name="url"
        label={t('dashboards.widgets.iframe.url')}
        extra={t('dashboards.widgets.iframe.urlHint')}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const url = (value ?? '').trim();
              return url === '' || isFramableUrl(url)
                ? Promise.resolve()
                : Promise.reject(new Error(t('dashboards.widgets.iframe.invalid')));
            },
          },
        ]}
      >
        <Input maxLength={IFRAME_URL_MAX} placeholder="https://" allowClear />
      </Form.Item>
    </Form>
  );
}
