// The business sectors' portal (/business, every signed-in user; issue 31 point 6): the tenant's sectors in order as
// large tiles, each its image, name, description and how many dashboards it shows, opening its presentation
// (/detail?id=); with the share-link right (P82000) each tile has a Share button making a sector link. A sector link's
// holder (/business?token=, open without logging in) has one sector: the portal forwards to its presentation
// (/detail?token=), which opens the link once.
import { AppstoreOutlined, ArrowLeftOutlined, ReloadOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';

import { resolveImageUrl } from '@/designer/gallery';
import { isApiError } from '@/lib/http';
import { useSectors } from '../api/list-sectors';
import { useSectorShare } from '../components/share-sector';
import { sectorPaths } from '../lib/paths';
import '../components/module.css';

export default function BusinessPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim();
  if (token) return <Navigate replace to={`/detail?token=${encodeURIComponent(token)}`} />;
  return <SectorPortal />;
}

function SectorPortal() {
  const { t } = useTranslation();
  const sectors = useSectors();
  const sharing = useSectorShare();
  const items = sectors.data ?? [];

  const body = () => {
    if (sectors.isPending)
      return (
        <div className="sector-portal__grid" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="sector-tile sector-tile--loading">
              <Skeleton active paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      );
    if (sectors.isError)
      return (
        <Result
          status="error"
          title={t('dashboards.sectors.loadFailed')}
          subTitle={isApiError(sectors.error) ? sectors.error.detail : undefined}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void sectors.refetch()}>
              {t('dashboards.sectors.retry')}
            </Button>
          }
        />
      );
    if (items.length === 0)
      return <Empty className="sector-portal__empty" description={t('dashboards.sectors.portal.empty')} />;
    return (
      <ul className="sector-portal__grid" aria-label={t('dashboards.sectors.portal.title')}>
        {items.map((s) => {
          const count = s.dashboards.filter((d) => d.available).length;
          return (
            <li key={s.id} className="sector-tile">
              <Link
                to={sectorPaths.detail(s.id)}
                className="sector-tile__link"
                aria-label={t('dashboards.sectors.portal.open', { name: s.name })}
              >
                {s.image ? (
                  <img className="sector-tile__image" src={resolveImageUrl(s.image)} alt="" />
                ) : (
                  <span className="sector-tile__image sector-tile__image--none" aria-hidden>
                    <AppstoreOutlined />
                  </span>
                )}
                <span className="sector-tile__body">
                  <span className="sector-tile__name">{s.name}</span>
                  {s.description && <span className="sector-tile__description">{s.description}</span>}
                  <span className="sector-tile__count">
                    {t('dashboards.sectors.portal.dashboards', { count })}
                  </span>
                </span>
              </Link>
              {sharing.allowed && (
                <Tooltip title={t('dashboards.sectors.portal.share', { name: s.name })}>
                  <Button
                    className="sector-tile__share"
                    shape="circle"
                    icon={<ShareAltOutlined />}
                    aria-label={t('dashboards.sectors.portal.share', { name: s.name })}
                    onClick={() => sharing.share(s)}
                  />
                </Tooltip>
              )}
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="sector-portal">
      <header className="sector-portal__head">
        <Link to="/" className="sector-portal__console">
          <ArrowLeftOutlined /> {t('dashboards.sectors.portal.console')}
        </Link>
        <Typography.Title level={2} className="sector-portal__title">
          {t('dashboards.sectors.portal.title')}
        </Typography.Title>
        <Typography.Text className="sector-portal__subtitle">
          {t('dashboards.sectors.portal.subtitle')}
        </Typography.Text>
      </header>
      {body()}
      {sharing.dialog}
    </div>
  );
}
