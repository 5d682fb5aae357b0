// Language menu: switches i18next, dayjs and antd together (via the app store) and remembers it in a cookie.
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

import { LANGUAGES, type Language } from '../lib/constants';
import { setLanguage, useAppState } from '../lib/session';

interface LanguageSwitchProps {
  /** Colour scheme: on the dark brand panel or on a light surface. */
  tone?: 'light' | 'dark';
  /** Only the globe (a phone's header); the languages' names are in its menu. */
  compact?: boolean;
}

export function LanguageSwitch({ tone = 'light', compact = false }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`common.language.${lang}`) })),
        onClick: ({ key }) => {
          setLanguage(key as Language);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        className={tone === 'dark' ? 'language-switch language-switch--dark' : 'language-switch'}
        aria-label={t('common.language.switch')}
      >
        {compact ? null : t(`common.language.${language}`)}
      </Button>
    </Dropdown>
  );
}
