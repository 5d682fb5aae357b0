// Language menu: switches i18next, dayjs and antd together (via the app store) and remembers it in a cookie. The
// menu itself (antd's Dropdown and Menu, ~20 KB gzip) loads with the first click, fetched ahead as soon as the
// pointer or the focus reaches the button: the sign-in pages, where it is the only menu, do not load it up front.
import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppState } from '@/lib/session';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

interface LanguageSwitchProps {
  /** Colour scheme: on the dark brand panel or on a light surface. */
  tone?: 'light' | 'dark';
  /** Only the globe (a phone's header); the languages' names are in its menu. */
  compact?: boolean;
}

export function LanguageSwitch({ tone = 'light', compact = false }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  // Set by the first click: from then on the button is the menu's trigger, opened at once for that first click.
  const [wanted, setWanted] = useState(false);
  const prefetch = () => {
    void loadMenu();
  };
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      className={tone === 'dark' ? 'language-switch language-switch--dark' : 'language-switch'}
      aria-label={t('common.language.switch')}
      {...(wanted
        ? {}
        : {
            onPointerEnter: prefetch,
            onFocus: prefetch,
            onClick: () => {
              setWanted(true);
            },
          })}
    >
      {compact ? null : t(`common.language.${language}`)}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu initiallyOpen>{button}</LanguageMenu>
    </Suspense>
  );
}
