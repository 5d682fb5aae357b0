// A dashboard toggle card: one of the chosen dashboards at a time, drawn whole by the host (its cards under this
// dashboard's linkage), turning every `interval_s` while the card is seen, or by hand. Only the dashboard shown is
// asked for, through the dashboard's source (GET /yun/dashboard/detail, or a share link's
// /yun/shared/dashboard/other). A toggle inside a toggle's dashboard is not drawn (no endless nesting); this dashboard is never among the
// choices; a dashboard that is gone or hidden from the viewer says so.
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

import { DASHBOARD_CODES } from '@/lib/dashboards/types';
import { isApiError } from '@/lib/http';
import { isRefusedRead } from '@/lib/share-links/share-codes';
import { useDashboardSource } from '../../data/source';
import { CardMessage } from '../common/card-message';
import { useRotation } from '../common/use-rotation';
import { useWidgetHost } from '../host';
import type { WidgetProps } from '../types';
import './toggle.css';

export default function ToggleWidget({ settings, visible, dashboardId }: WidgetProps<'dashboardToggle'>) {
  const { t } = useTranslation();
  const host = useWidgetHost();
  const ids = (settings.dashboard_ids ?? []).filter((id) => id !== dashboardId);
  const drawable = host.renderDashboard !== null;
  const [index, choose] = useRotation(ids.length, settings.interval_s, visible && drawable);
  const current = ids[index] ?? null;
  const detail = useDashboardSource().useDashboard(current, visible && drawable);
  if (!host.renderDashboard)
    return <CardMessage kind="info" title={t('dashboards.widgets.dashboardToggle.nested')} />;
  if (current === null)
    return <CardMessage kind="info" title={t('dashboards.widgets.dashboardToggle.none')} />;
  const error = detail.error;
  const step = (by: number) => {
    choose((index + by + ids.length) % ids.length);
  };
  return (
    <div className="dbw-toggle">
      {ids.length > 1 && (
        <div className="dbw-toggle__bar">
          <button
            type="button"
            className="dbw-toggle__step"
            aria-label={t('dashboards.widgets.dashboardToggle.previous')}
            onClick={() => {
              step(-1);
            }}
          >
            <LeftOutlined />
          </button>
          <span className="dbw-toggle__name">{detail.data?.name ?? ''}</span>
          <span className="dbw-toggle__dots" aria-hidden>
            {ids.map((id, i) => (
              <span
                key={id}
                className={i === index ? 'dbw-toggle__dot dbw-toggle__dot--on' : 'dbw-toggle__dot'}
              />
            ))}
          </span>
          <span className="dbw-toggle__count">
            {t('dashboards.widgets.dashboardToggle.position', { n: index + 1, count: ids.length })}
          </span>
          <button
            type="button"
            className="dbw-toggle__step"
            aria-label={t('dashboards.widgets.dashboardToggle.next')}
            onClick={() => {
              step(1);
            }}
          >
            <RightOutlined />
          </button>
        </div>
      )}
      <div className="dbw-toggle__body">
        {(isApiError(error) && error.code === DASHBOARD_CODES.notFound) || isRefusedRead(error) ? (
          <CardMessage
            kind="missing"
            title={t('dashboards.widgets.dashboardToggle.gone')}
            hint={t('dashboards.widgets.dashboardToggle.goneHint', { id: current })}
          />
        ) : error && !detail.data ? (
          <CardMessage
            kind="error"
            title={t('dashboards.widgets.dashboardToggle.failed')}
            hint={isApiError(error) ? error.detail : undefined}
          />
        ) : detail.data ? (
          host.renderDashboard(detail.data, visible)
        ) : (
          <div className="dbw-toggle__loading">
            <Spin />
          </div>
        )}
      </div>
    </div>
  );
}
