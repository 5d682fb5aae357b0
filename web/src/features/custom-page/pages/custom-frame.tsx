// A custom entry's page (/customPage/view/<id>): its http(s) address framed inside the console. The entry comes from
// the menus the server answered for this user (the session's, loaded by the guard), so an entry the user is not
// shown is not found here either. The frame cannot reach the console's session (lib/frame-sandbox.ts): sandboxed,
// no referrer, the entry's own address. An entry that is a console route or a dashboard goes there instead.
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';

import { DetailNotFound } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { entryTarget, findEntry, isWebUrl } from '@/lib/custom-menus/targets';
import { frameSandbox } from '@/lib/frame-sandbox';
import { setCustomPage, useSession } from '@/lib/session';
import { getCustomPage } from '../api/get-custom-page';
import '../custom-page.css';

export default function CustomFramePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const menus = useSession((s) => s.customPage?.custom_page_json);
  const entry = findEntry(menus, id);
  // A reload of the frame: a new key mounts the frame anew at the entry's address.
  const [reloads, setReloads] = useState(0);
  const [reloadingMenus, setReloadingMenus] = useState(false);

  if (!entry || entry.kind === 'group') {
    const reloadMenus = () => {
      setReloadingMenus(true);
      getCustomPage()
        .then(setCustomPage)
        .catch(() => undefined)
        .finally(() => {
          setReloadingMenus(false);
        });
    };
    return (
      <DetailNotFound
        className="custom-frame"
        title={t('system.customMenus.frame.notFound')}
        subTitle={t('system.customMenus.frame.notFoundHint')}
        extra={
          <Space wrap>
            <Button onClick={() => void navigate('/')}>{t('system.customMenus.frame.home')}</Button>
            <Button type="primary" icon={<ReloadOutlined />} loading={reloadingMenus} onClick={reloadMenus}>
              {t('system.customMenus.frame.reloadMenus')}
            </Button>
          </Space>
        }
      />
    );
  }
  if (!isWebUrl(entry.url)) {
    const to = entryTarget(entry);
    return <Navigate to={to ?? '/'} replace />;
  }
  const url = new URL(entry.url);
  return (
    <div className="page custom-frame">
      <PageHeader
        title={entry.name}
        subTitle={<span className="custom-frame__host">{url.host}</span>}
        extra={
          <Space wrap>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                setReloads((n) => n + 1);
              }}
            >
              {t('system.customMenus.frame.reload')}
            </Button>
            <Button icon={<ExportOutlined />} href={url.href} target="_blank" rel="noopener noreferrer">
              {t('system.customMenus.frame.openNew')}
            </Button>
          </Space>
        }
      />
      <iframe
        key={`${entry.id}:${String(reloads)}`}
        className="custom-frame__frame"
        src={url.href}
        title={entry.name}
        sandbox={frameSandbox(url, window.location.origin)}
        referrerPolicy="no-referrer"
      />
      <p className="text-secondary custom-frame__hint">{t('system.customMenus.frame.hint')}</p>
    </div>
  );
}
