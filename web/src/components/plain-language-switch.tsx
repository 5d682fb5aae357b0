// The language switch of the sign-in screens, without antd (/login loads none): the same button and menu as the
// console's (components/language-switch.tsx, antd's Dropdown), drawn by hand. Switches i18next, dayjs and antd
// together through the app store and remembers the choice in a cookie.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { LANGUAGES, type Language } from '../lib/constants';
import { setLanguage, useAppState } from '../lib/session';
import { PlainButton } from './plain-button';
import { GLOBAL_ICON, PlainIcon } from './plain-icon';
import './plain.css';

export function PlainLanguageSwitch() {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const menuId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    // The current language takes the focus, as in antd's menu opened by a click.
    items.current[LANGUAGES.indexOf(language)]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
    };
  }, [open, language]);

  const choose = (lang: Language) => {
    close(true);
    setLanguage(lang);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = items.current.findIndex((item) => item === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      items.current[(to + LANGUAGES.length) % LANGUAGES.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(current + 1);
        break;
      case 'ArrowUp':
        move(current - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(LANGUAGES.length - 1);
        break;
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const lang = LANGUAGES[current];
        if (lang) choose(lang);
        break;
      }
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="plain-dropdown" ref={root}>
      <PlainButton
        ref={button}
        variant="text"
        className="language-switch"
        icon={<PlainIcon icon={GLOBAL_ICON} />}
        aria-label={t('common.language.switch')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setOpen((was) => !was);
        }}
      >
        {t(`common.language.${language}`)}
      </PlainButton>
      {open && (
        <ul className="plain-menu" role="menu" id={menuId} onKeyDown={onMenuKey}>
          {LANGUAGES.map((lang, index) => (
            <li
              key={lang}
              ref={(node) => {
                items.current[index] = node;
              }}
              role="menuitem"
              tabIndex={-1}
              className={
                lang === language ? 'plain-menu__item plain-menu__item--selected' : 'plain-menu__item'
              }
              onClick={() => {
                choose(lang);
              }}
            >
              {t(`common.language.${lang}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
