// The fit control of a device's screens (issue 16 point 1): whole (contain), fit width, fit height, and full screen
// (the browser's full screen of the screen's host, the sheet whole in it). Touch-sized on a phone.
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Segmented, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SCREEN_FITS, type ScreenFit } from './fit';

/** Whether `host` is the browser's full-screen element, and the toggle; `available` false where the browser has no
 * full screen for elements (iPhone Safari). */
export function useHostFullscreen(host: HTMLElement | null) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const follow = () => {
      setFull(host !== null && document.fullscreenElement === host);
    };
    follow();
    document.addEventListener('fullscreenchange', follow);
    return () => {
      document.removeEventListener('fullscreenchange', follow);
    };
  }, [host]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void host?.requestFullscreen();
  };
  return { full, toggle, available: typeof document.documentElement.requestFullscreen === 'function' };
}

export interface FitControlProps {
  fit: ScreenFit;
  onFit: (fit: ScreenFit) => void;
  full: boolean;
  /** Absent: no full-screen button. */
  onFull?: (() => void) | undefined;
  phone?: boolean;
}

export function FitControl({ fit, onFit, full, onFull, phone = false }: FitControlProps) {
  const { t } = useTranslation();
  return (
    <Space size={8} wrap className="devscreens__fit">
      <Segmented<ScreenFit>
        aria-label={t('designer.runtime.fit.label')}
        size={phone ? 'large' : 'middle'}
        value={fit}
        disabled={full}
        options={SCREEN_FITS.map((value) => ({ value, label: t(`designer.runtime.fit.${value}`) }))}
        onChange={onFit}
      />
      {onFull && (
        <Button
          size={phone ? 'large' : 'middle'}
          icon={full ? <CompressOutlined /> : <ExpandOutlined />}
          onClick={onFull}
        >
          {t(full ? 'designer.runtime.fit.exitFull' : 'designer.runtime.fit.full')}
        </Button>
      )}
    </Space>
  );
}
