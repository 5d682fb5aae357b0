// The mobile dashboards (/mobile-db, P20000 or P100000): the dashboards flagged for phones (GET /yun/dashboard
// ?mobile=true) as a list of large touch targets, each with its screen drawn small in its theme (the list gives no
// picture of a dashboard: its cards' places and types, as the dashboards page draws them); one opened (?id=) shows
// its phone layout, stacked in two columns, with the linkage in the address and the way back to the list.
import { ArrowLeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { DashboardView, useLinkage } from '@/dashboards/view';
import { linkedId } from '@/dashboards/view/use-linkage';
import { useDashboard } from '@/lib/dashboards/get-dashboard';
import { useDashboards } from '@/lib/dashboards/list-dashboards';
import { DASHBOARD_CODES } from '@/lib/dashboards/types';
import type { DashboardSummary } from '@/lib/dashboards/types';
import { isApiError } from '@/lib/http';
import { DashboardThumbnail } from '../components/dashboards/dashboard-thumbnail';
import { themeSwatch } from '../lib/dashboard-settings';
import './view-dashboard.css';

/** A dashboard's screen drawn small in its theme, beside its name. */
function Preview({ dashboard }: { dashboard: DashboardSummary }) {
  const { t } = useTranslation();
  const swatch = themeSwatch(dashboard.theme);
  return (
    <span className="dbmobile__thumb" style={{ background: swatch.background }} data-theme={dashboard.theme}>
      <DashboardThumbnail
        dashboard={dashboard}
        swatch={swatch}
        label={t('dashboards.list.theme', { name: t(`dashboards.themes.${dashboard.theme}`) })}
        className="dbmobile__screen"
      />
    </span>
  );
}

function MobileList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const list = useDashboards({ mobile: true });
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.error)
    return (
      <Result
        status="error"
        title={t('dashboards.view.mobileLoadFailed')}
        subTitle={isApiError(list.error) ? list.error.detail : undefined}
        extra={
          <Button
            onClick={() => {
              void list.refetch();
            }}
          >
            {t('dashboards.view.retry')}
          </Button>
        }
      />
    );
  if (list.data.length === 0)
    return (
      <Empty description={t('dashboards.view.mobileEmpty')}>
        <span className="dbmobile__meta">{t('dashboards.view.mobileEmptyHint')}</span>
      </Empty>
    );
  return (
    <ul className="dbmobile__list">
      {list.data.map((d) => (
        <li key={d.id}>
          <button
            type="button"
            className="dbmobile__item"
            aria-label={t('dashboards.view.open', { name: d.name })}
            onClick={() => {
              onOpen(d.id);
            }}
          >
            <Preview dashboard={d} />
            <span className="dbmobile__text">
              <span className="dbmobile__name">{d.name}</span>
              <span className="dbmobile__meta">{t('dashboards.view.cards', { count: d.card_count })}</span>
            </span>
            <RightOutlined />
          </button>
        </li>
      ))}
    </ul>
  );
}

function MobileView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const query = useDashboard(id, 'view');
  const linkage = useLinkage();
  const backButton = (
    <Button
      type="text"
      size="large"
      icon={<ArrowLeftOutlined />}
      aria-label={t('dashboards.view.backToMobileList')}
      onClick={onBack}
    />
  );
  if (query.error)
    return (
      <Result
        status={isApiError(query.error) && query.error.code === DASHBOARD_CODES.notFound ? '404' : 'error'}
        title={
          isApiError(query.error) && query.error.code === DASHBOARD_CODES.notFound
            ? t('dashboards.view.notFound')
            : t('dashboards.view.loadFailed')
        }
        extra={
          <Button type="primary" onClick={onBack}>
            {t('dashboards.view.backToMobileList')}
          </Button>
        }
      />
    );
  return (
    <>
      <PageHeader
        title={
          <Space>
            {backButton}
            {query.data?.name ?? ''}
          </Space>
        }
      />
      {query.data ? (
        <div className="dbmobile__view">
          <DashboardView dashboard={query.data} linkage={linkage} phone />
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </>
  );
}

export default function MobileDashboardPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const id = linkedId(search.get('id'));
  return (
    <div className="page dbmobile">
      {id === null ? (
        <>
          <PageHeader title={t('dashboards.view.mobileTitle')} />
          <MobileList
            onOpen={(next) => {
              setSearch({ id: String(next) });
            }}
          />
        </>
      ) : (
        <MobileView
          id={id}
          onBack={() => {
            setSearch({});
          }}
        />
      )}
    </div>
  );
}
