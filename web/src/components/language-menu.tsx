// The language switch's menu (components/language-switch.tsx loads it with the first click).
import { Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

import { LANGUAGES, type Language } from '@/lib/constants';
import { setLanguage, useAppState } from '@/lib/session';

interface LanguageMenuProps {
  /** Open at once, focus in the menu: the click that asked for the menu came before its code. */
  initiallyOpen: boolean;
  children: ReactElement;
}

export default function LanguageMenu({ initiallyOpen, children }: LanguageMenuProps) {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dropdown
      trigger={['click']}
      autoFocus={initiallyOpen}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`common.language.${lang}`) })),
        onClick: ({ key }) => {
          setOpen(false);
          setLanguage(key as Language);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
