// SPEC §8: when the browser goes offline, a prompt warns of the interrupted network with a single fix button.
import { DisconnectOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { checkConnectivity } from '@/lib/http';
import { browser } from '@/lib/navigation';
import { toast } from '@/lib/toast';

export function OfflineBanner() {
  const { t } = useTranslation();
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    const goOffline = () => {
      setOffline(true);
    };
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('offline', goOffline);
    };
  }, []);

  const fix = async () => {
    setChecking(true);
    const ok = navigator.onLine && (await checkConnectivity());
    setChecking(false);
    if (ok) {
      setOffline(false);
      // Reload so every screen shows fresh data after the gap.
      browser.reload();
    } else {
      toast.warning(t('common.offline.stillOffline'));
    }
  };

  return (
    <Modal
      open={offline}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      width={420}
      title={
        <span className="offline-title">
          <DisconnectOutlined /> {t('common.offline.title')}
        </span>
      }
      footer={
        <Button type="primary" loading={checking} onClick={() => void fix()}>
          {t('common.offline.fix')}
        </Button>
      }
    >
      {t('common.offline.description')}
    </Modal>
  );
}
