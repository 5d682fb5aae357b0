// One image of the brand in the form (a Form.Item's control): its thumbnail on the background it is meant for, its
// size, and Upload / Replace / Remove. A chosen file is checked in the browser first (a PNG or JPEG by its first
// bytes, or SVG text where the place takes one, within the place's cap: designer/gallery/upload-rules.ts, the
// server's own rules) and then uploaded at once; the form saves its id.
import { DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { formatSize } from '@/designer/gallery/format';
import { checkImageFile } from '@/designer/gallery/upload-rules';
import { brandImageUrl } from '@/lib/brand/brand';
import { serverErrorPlace } from '@/lib/form-errors';
import { BRAND_IMAGE_SIZE_TEXT, BRAND_SVG_SLOTS } from '@/types/limits.gen';
import { uploadBrandImage, type BrandImageOut, type BrandSlot } from '../api/brand';

/** The gallery use whose rules (types and cap) each place of the brand follows (core/limits.py BRAND_IMAGE_USE). */
const USE_OF = {
  logo_light: 'image',
  logo_dark: 'image',
  favicon: 'icon',
  background: 'background',
} as const;

interface BrandImageFieldProps {
  slot: BrandSlot;
  /** The field's accessible name (its label). */
  label: string;
  value?: BrandImageOut | null;
  onChange?: (value: BrandImageOut | null) => void;
  /** Another upload of the form is under way (the form waits for all of them before it saves). */
  onBusy?: (slot: BrandSlot, busy: boolean) => void;
}

export function BrandImageField({ slot, label, value = null, onChange, onBusy }: BrandImageFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const svg = (BRAND_SVG_SLOTS as readonly string[]).includes(slot);
  const accept = svg ? 'image/png,image/jpeg,image/svg+xml,.svg' : 'image/png,image/jpeg';
  const size = BRAND_IMAGE_SIZE_TEXT[slot];

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    setError(null);
    const problem = await checkImageFile(file, USE_OF[slot]);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    onBusy?.(slot, true);
    try {
      onChange?.(await uploadBrandImage(slot, file));
    } catch (e) {
      setError(serverErrorPlace(e, []).text || t('system.brand.image.uploadFailed'));
    } finally {
      setBusy(false);
      onBusy?.(slot, false);
    }
  };

  const url = brandImageUrl(value?.url);
  return (
    <div className={`brand-image brand-image--${slot}`} data-testid={`brand-image-${slot}`}>
      <div className="brand-image__thumb" aria-hidden={url ? undefined : true}>
        {url ? (
          <img src={url} alt={label} />
        ) : (
          <span className="brand-image__none">{t('system.brand.image.none')}</span>
        )}
      </div>
      <div className="brand-image__body">
        <div className="brand-image__facts">
          {value
            ? t('system.brand.image.size', {
                width: value.width,
                height: value.height,
                size: formatSize(value.size_bytes),
              })
            : t(svg ? 'system.brand.image.types' : 'system.brand.image.typesBackground', { size })}
        </div>
        <div className="brand-image__actions">
          <input
            ref={input}
            type="file"
            accept={accept}
            className="brand-image__input"
            aria-label={label}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => void choose(event)}
          />
          <Button
            size="small"
            icon={busy ? <LoadingOutlined /> : <UploadOutlined />}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {value ? t('system.brand.image.replace') : t('system.brand.image.upload')}
          </Button>
          {value && (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={busy}
              onClick={() => {
                setError(null);
                onChange?.(null);
              }}
            >
              {t('system.brand.image.remove')}
            </Button>
          )}
        </div>
        {error && (
          <div id={errorId} className="brand-image__error" role="alert">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}
