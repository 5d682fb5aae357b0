// A device's screens over the whole window, opened from a card of the central monitoring grid: the runtime's
// DeviceScreens (a chunk of its own, loaded on the first opening), live with its controls. Closed by its button or
// Escape; the page puts it in the URL, so the browser's "back" closes it too and leaves the grid as it was.
import { CloseOutlined } from '@ant-design/icons';
import { Button, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const DeviceScreens = lazy(() => import('@/designer/runtime/device-screens'));

export function ScreenOverlay({
  deviceId,
  name,
  onClose,
}: {
  deviceId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    close.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // Escape inside the overlay only: a dialog the screens open (a write, a pop-up) lies outside and closes alone.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (!(event.target instanceof Element) || !event.target.closest('.moncheck-overlay')) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, []);

  return createPortal(
    <div className="moncheck-overlay" role="dialog" aria-modal="true" aria-label={name}>
      <div className="moncheck-overlay__bar">
        <Typography.Title level={5} className="moncheck-overlay__title">
          {name}
        </Typography.Title>
        <Button ref={close} icon={<CloseOutlined />} onClick={onClose}>
          {t('dashboard.monitoringCheck.overlay.close')}
        </Button>
      </div>
      <div className="moncheck-overlay__body">
        <Suspense fallback={<Skeleton active />}>
          <DeviceScreens key={deviceId} deviceId={deviceId} />
        </Suspense>
      </div>
    </div>,
    document.body,
  );
}
