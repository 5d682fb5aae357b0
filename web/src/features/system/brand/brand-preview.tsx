// The live preview beside the personalization form: the brand the form's values would show, drawn small as the
// console (a browser tab with the favicon and name, the sidebar's logo, the primary colour on the selected menu item,
// a button, figures and a chart's bars) and as the login page (background, logo, slogan, footer, the sign-in card).
// Nothing here changes the brand in force.
import logoUrl from '@/assets/logo.svg';
import { Segmented } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { BrandLogo } from '@/components/brand-logo';
import type { BrandView } from '@/lib/brand/brand';
import { chartPaletteFor, colors, primaryShades } from '@/lib/theme';

type Screen = 'console' | 'login';

const BARS = [46, 72, 58, 88, 64, 96, 70];

function BrowserTab({ brand, title }: { brand: BrandView; title: string }) {
  return (
    <div className="brand-preview__tab">
      <img src={brand.favicon ?? logoUrl} width={14} height={14} alt="" />
      <span>{title}</span>
    </div>
  );
}

function ConsolePreview({ brand, name }: { brand: BrandView; name: string }) {
  const { t } = useTranslation();
  const palette = chartPaletteFor(brand.primaryColor ?? colors.primary);
  return (
    <div className="brand-preview__frame">
      <BrowserTab brand={brand} title={`${t('system.brand.preview.pageTitle')} - ${name}`} />
      <div className="brand-preview__console">
        <div className="brand-preview__sider">
          <BrandLogo tone="dark" size={22} brand={brand} className="brand-preview__logo" />
          <ul>
            <li className="brand-preview__menu--active">{t('system.brand.preview.menuHome')}</li>
            <li>{t('system.brand.preview.menuDevices')}</li>
            <li>{t('system.brand.preview.menuReports')}</li>
          </ul>
        </div>
        <div className="brand-preview__main">
          <div className="brand-preview__header">{t('system.brand.preview.pageTitle')}</div>
          <div className="brand-preview__content">
            <div className="brand-preview__stats">
              <div>
                <span>{t('system.brand.preview.online')}</span>
                <strong className="brand-preview__accent">128</strong>
              </div>
              <div>
                <span>{t('system.brand.preview.alarms')}</span>
                <strong>3</strong>
              </div>
            </div>
            <div className="brand-preview__chart" aria-hidden="true">
              {BARS.map((height, i) => (
                <span
                  key={i}
                  style={{ height: `${String(height)}%`, background: palette[i % 2 === 0 ? 0 : 1] }}
                />
              ))}
            </div>
            <span className="brand-preview__button">{t('system.brand.preview.action')}</span>
          </div>
        </div>
      </div>
    </div>
  );
}

function LoginPreview({ brand, name }: { brand: BrandView; name: string }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const footer =
    brand.footer ||
    (brand.name
      ? t('auth.whiteLabel.copyright', { year, name: brand.name })
      : t('common.product.copyright', { year }));
  const panel: CSSProperties | undefined = brand.background
    ? {
        backgroundImage: `linear-gradient(rgb(8 20 40 / 55%), rgb(8 20 40 / 70%)), url("${brand.background}")`,
      }
    : undefined;
  return (
    <div className="brand-preview__frame">
      <BrowserTab brand={brand} title={name} />
      <div className="brand-preview__login">
        <div className="brand-preview__panel" style={panel}>
          <BrandLogo tone="dark" size={20} brand={brand} className="brand-preview__logo" />
          <div className="brand-preview__slogan">{brand.slogan || t('auth.brand.title')}</div>
          <div className="brand-preview__footer">{footer}</div>
        </div>
        <div className="brand-preview__card">
          <div className="brand-preview__welcome">{t('system.brand.preview.welcome')}</div>
          <span className="brand-preview__input">{t('system.brand.preview.account')}</span>
          <span className="brand-preview__input">{t('system.brand.preview.password')}</span>
          <span className="brand-preview__button brand-preview__button--block">
            {t('system.brand.preview.signIn')}
          </span>
        </div>
      </div>
    </div>
  );
}

export function BrandPreview({ brand }: { brand: BrandView }) {
  const { t } = useTranslation();
  const [screen, setScreen] = useState<Screen>('console');
  const shades = primaryShades(brand.primaryColor ?? colors.primary);
  const name = brand.name || t('common.product.name');
  const style = {
    '--bp-primary': shades.primary,
    '--bp-primary-bg': shades.primaryBg,
  } as CSSProperties;
  return (
    <div className="brand-preview" style={style} data-testid="brand-preview">
      <Segmented<Screen>
        block
        value={screen}
        onChange={setScreen}
        options={[
          { value: 'console', label: t('system.brand.preview.console') },
          { value: 'login', label: t('system.brand.preview.login') },
        ]}
      />
      {screen === 'console' ? (
        <ConsolePreview brand={brand} name={name} />
      ) : (
        <LoginPreview brand={brand} name={name} />
      )}
    </div>
  );
}
