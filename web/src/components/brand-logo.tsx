// The product mark and name.
import { useTranslation } from 'react-i18next';

import logoUrl from '@/assets/logo.svg';

interface BrandLogoProps {
  /** Only the mark (collapsed sidebar). */
  compact?: boolean;
  size?: number;
  /** Colour scheme of the name: on a dark background or a light one. */
  tone?: 'dark' | 'light';
  className?: string;
}

export function BrandLogo({ compact = false, size = 32, tone = 'light', className }: BrandLogoProps) {
  const { t } = useTranslation();
  return (
    <span className={['brand-logo', `brand-logo--${tone}`, className].filter(Boolean).join(' ')}>
      <img
        src={logoUrl}
        width={size}
        height={size}
        alt={t('common.product.short')}
        className="brand-logo__mark"
      />
      {!compact && <span className="brand-logo__name">{t('common.product.name')}</span>}
    </span>
  );
}
