// Split layout shared by login, register and find-password: brand panel left, form card right. No antd (/login
// loads none): plain headings, inline icons and the plain language switch. The brand is the one in force
// (lib/brand): on a white-label domain the tenant's name, logos, slogan, background, colour and footer show before
// anyone signs in; the brand's parts wait (hidden) until the host's brand is known, so none flashes another's.
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import illustrationUrl from '@/assets/auth-illustration.svg';
import { BrandLogo } from '@/components/brand-logo';
import { PlainIcon } from '@/components/plain-icon';
import { PlainLanguageSwitch } from '@/components/plain-language-switch';
import { isCustom, useBrand, useBrandSettled } from '@/lib/brand/brand';
import { CHECK_CIRCLE_ICON } from './auth-icons';
import './auth-brand.css';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

const FEATURES = ['auth.brand.feature1', 'auth.brand.feature2', 'auth.brand.feature3'] as const;
/** The brand's parts show after this even when the host's brand has not answered (a slow or failed request). */
export const BRAND_WAIT_MS = 1500;

function useBrandShown(): boolean {
  const settled = useBrandSettled();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (settled) return undefined;
    const timer = setTimeout(() => {
      setWaited(true);
    }, BRAND_WAIT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [settled]);
  return settled || waited;
}

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  const brand = useBrand((b) => b);
  const shown = useBrandShown();
  const custom = isCustom(brand);
  const year = new Date().getFullYear();
  const footerText =
    brand.footer ||
    (brand.name
      ? t('auth.whiteLabel.copyright', { year, name: brand.name })
      : t('common.product.copyright', { year }));
  const asideStyle: CSSProperties | undefined = brand.background
    ? ({ '--auth-brand-image': `url("${brand.background.replace(/"/g, '%22')}")` } as CSSProperties)
    : undefined;
  const classes = ['auth-page', shown ? '' : 'auth-page--pending'].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <aside
        className={brand.background ? 'auth-brand auth-brand--image' : 'auth-brand'}
        style={asideStyle}
        aria-hidden="false"
      >
        <BrandLogo tone="dark" size={40} />
        <div className="auth-brand__copy">
          <h2 className="auth-brand__title">{brand.slogan || t('auth.brand.title')}</h2>
          {/* The platform's own pitch names the product: a white-label brand shows its slogan alone. */}
          {!custom && <p className="auth-brand__subtitle">{t('auth.brand.subtitle')}</p>}
          <ul className="auth-brand__features">
            {FEATURES.map((key) => (
              <li key={key}>
                <PlainIcon icon={CHECK_CIRCLE_ICON} /> {t(key)}
              </li>
            ))}
          </ul>
        </div>
        {brand.background ? (
          <div className="auth-brand__art" />
        ) : (
          <img className="auth-brand__art" src={illustrationUrl} width={520} height={380} alt="" />
        )}
        <div className="auth-brand__footer">{footerText}</div>
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
        <div className="auth-main__footer">{footerText}</div>
      </main>
    </div>
  );
}
