// Split layout shared by login, register and find-password: brand panel left, form card right. No antd (/login
// loads none): plain headings, inline icons and the plain language switch.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import illustrationUrl from '@/assets/auth-illustration.svg';
import { BrandLogo } from '@/components/brand-logo';
import { PlainIcon } from '@/components/plain-icon';
import { CHECK_CIRCLE_ICON } from './auth-icons';
import { PlainLanguageSwitch } from '@/components/plain-language-switch';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

const FEATURES = ['auth.brand.feature1', 'auth.brand.feature2', 'auth.brand.feature3'] as const;

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <aside className="auth-brand" aria-hidden="false">
        <BrandLogo tone="dark" size={40} />
        <div className="auth-brand__copy">
          <h2 className="auth-brand__title">{t('auth.brand.title')}</h2>
          <p className="auth-brand__subtitle">{t('auth.brand.subtitle')}</p>
          <ul className="auth-brand__features">
            {FEATURES.map((key) => (
              <li key={key}>
                <PlainIcon icon={CHECK_CIRCLE_ICON} /> {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <img className="auth-brand__art" src={illustrationUrl} width={520} height={380} alt="" />
        <div className="auth-brand__footer">
          {t('common.product.copyright', { year: new Date().getFullYear() })}
        </div>
      </aside>
      <main className="auth-main">
        <div className="auth-main__top">
          <span className="auth-main__mobile-logo">
            <BrandLogo size={32} />
          </span>
          <PlainLanguageSwitch />
        </div>
        <div className="auth-card">
          <h2 className="auth-card__title">{title}</h2>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="auth-card__footer">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
