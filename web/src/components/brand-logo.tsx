// The product mark and name: the brand's in force (lib/brand: the tenant's, the host's, else the platform's), or the
// one given (the personalization page's preview).
import { useTranslation } from 'react-i18next';

import logoUrl from '@/assets/logo.svg';
import { useBrand, type BrandView } from '@/lib/brand/brand';
import './brand-logo.css';

interface BrandLogoProps {
  /** Only the mark (collapsed sidebar). */
  compact?: boolean;
  size?: number;
  /** Colour scheme of the name: on a dark background or a light one. */
  tone?: 'dark' | 'light';
  className?: string;
  /** The brand to show instead of the one in force. */
  brand?: BrandView;
}

/** The brand's logo for a background tone: its own for that tone, else its other one, else null (the platform's). */
export function logoFor(brand: BrandView, tone: 'dark' | 'light'): string | null {
  return tone === 'dark' ? (brand.logoDark ?? brand.logoLight) : (brand.logoLight ?? brand.logoDark);
}

export function BrandLogo({ compact = false, size = 32, tone = 'light', className, brand }: BrandLogoProps) {
  const { t } = useTranslation();
  const current = useBrand((b) => b);
  const shown = brand ?? current;
  const custom = logoFor(shown, tone);
  const name = shown.name || t('common.product.name');
  return (
    <span className={['brand-logo', `brand-logo--${tone}`, className].filter(Boolean).join(' ')}>
      {custom ? (
        <img
          src={custom}
          height={size}
          alt={shown.name || t('common.product.short')}
          className="brand-logo__mark brand-logo__mark--custom"
          style={{ height: size, maxWidth: compact ? size : size * 4 }}
        />
      ) : (
        <img
          src={logoUrl}
          width={size}
          height={size}
          alt={shown.name || t('common.product.short')}
          className="brand-logo__mark"
        />
      )}
      {!compact && <span className="brand-logo__name">{name}</span>}
    </span>
  );
}
