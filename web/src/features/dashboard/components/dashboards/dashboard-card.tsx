// One dashboard in the list: a small screen in its theme and proportions with its cards where they sit, its name (opening it), resolution, card
// count, owner and last change, a "mobile" and a "partial visibility" tag, and its actions. Edit needs the right to
// edit it (otherwise disabled, the spec's "no edit dashboard permission" on hover); settings likewise; copy, move,
// delete and the order need P21200; share (a dashboard link) needs P82000. While the order may change the card can be dragged onto another.
import { HolderOutlined, MobileOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Tag, Tooltip, Typography } from 'antd';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { RowActions } from '@/components/table/row-actions';
import { dashboardPaths } from '@/lib/dashboards/paths';
import type { DashboardSummary } from '@/lib/dashboards/types';
import { themeSwatch } from '../../lib/dashboard-settings';
import { DashboardThumbnail } from './dashboard-thumbnail';
import { zoned } from '@/lib/timezone';

export interface DashboardCardActions {
  onSettings: () => void;
  onCopy: () => void;
  onMove: () => void;
  onDelete: () => void;
  /** Share it as a dashboard link (the caller holds P82000). */
  onShare?: (() => void) | undefined;
  onEarlier?: (() => void) | undefined;
  onLater?: (() => void) | undefined;
}

export interface DashboardCardDrag {
  onDragStart: () => void;
  onDragEnd: () => void;
  /** A dragged card came over this one. */
  onDragEnter: () => void;
  onDropOn: () => void;
  /** Another card is dragged over this one. */
  over: boolean;
}

interface DashboardCardProps {
  dashboard: DashboardSummary;
  /** The caller holds P21200: copy, move, delete. */
  canManage: boolean;
  actions: DashboardCardActions;
  /** Present while the order may change. */
  drag?: DashboardCardDrag | undefined;
}

/** The dashboard's screen drawn small: its cards where they sit, in its proportions and theme colours. */
function Preview({ dashboard }: { dashboard: DashboardSummary }) {
  const { t } = useTranslation();
  const swatch = themeSwatch(dashboard.theme);
  const portrait = dashboard.height > dashboard.width;
  const label = t('dashboards.list.theme', { name: t(`dashboards.themes.${dashboard.theme}`) });
  return (
    <div className="db-card__preview" style={{ background: swatch.background }}>
      <Tooltip title={label}>
        <DashboardThumbnail
          dashboard={dashboard}
          swatch={swatch}
          label={label}
          className={`db-card__screen${portrait ? ' db-card__screen--portrait' : ''}`}
        />
      </Tooltip>
    </div>
  );
}

export function DashboardCard({ dashboard: d, canManage, actions, drag }: DashboardCardProps) {
  const { t } = useTranslation();
  const noEdit = t('dashboards.rights.noEdit');
  const dragProps = drag
    ? {
        draggable: true,
        onDragStart: (e: DragEvent) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', String(d.id));
          drag.onDragStart();
        },
        onDragEnd: drag.onDragEnd,
        onDragEnter: drag.onDragEnter,
        onDragOver: (e: DragEvent) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          drag.onDropOn();
        },
      }
    : {};

  return (
    <li
      className={`db-card-item${drag?.over ? ' db-card-item--over' : ''}`}
      aria-label={d.name}
      data-dashboard-id={d.id}
      {...dragProps}
    >
      <Card size="small" className="db-card" cover={<Preview dashboard={d} />}>
        <div className="db-card__head">
          {drag && (
            <HolderOutlined
              className="db-card__grip"
              aria-label={t('dashboards.list.dragLabel', { name: d.name })}
            />
          )}
          <Typography.Text strong ellipsis className="db-card__name" title={d.name}>
            <Link to={dashboardPaths.view(d.id)}>{d.name}</Link>
          </Typography.Text>
        </div>
        <div className="db-card__facts">
          <span>{t('dashboards.list.resolution', { width: d.width, height: d.height })}</span>
          <span>{t('dashboards.list.cards', { count: d.card_count })}</span>
        </div>
        <div className="db-card__facts db-card__facts--secondary">
          {d.owner_name && <span title={t('dashboards.list.owner')}>{d.owner_name}</span>}
          <span>
            {t('dashboards.list.updatedAt', { time: zoned(d.updated_at).format('YYYY-MM-DD HH:mm') })}
          </span>
        </div>
        {(d.mobile || d.visibility === 'partial') && (
          <div className="db-card__tags">
            {d.mobile && (
              <Tag icon={<MobileOutlined />} color="processing" variant="filled">
                {t('dashboards.list.mobile')}
              </Tag>
            )}
            {d.visibility === 'partial' && (
              <Tooltip title={t('dashboards.list.partialHint')}>
                <Tag icon={<TeamOutlined />} color="warning" variant="filled">
                  {t('dashboards.list.partial')}
                </Tag>
              </Tooltip>
            )}
          </div>
        )}
        <div className="db-card__actions">
          <RowActions
            inline={2}
            moreLabel={t('dashboards.list.more', { name: d.name })}
            actions={[
              { key: 'open', label: t('dashboards.list.action.open'), to: dashboardPaths.view(d.id) },
              {
                key: 'edit',
                label: t('dashboards.list.action.edit'),
                to: dashboardPaths.edit(d.id),
                disabled: !d.can_edit,
                disabledReason: noEdit,
              },
              {
                key: 'settings',
                label: t('dashboards.list.action.settings'),
                onClick: actions.onSettings,
                disabled: !d.can_edit,
                disabledReason: noEdit,
              },
              actions.onShare && {
                key: 'share',
                label: t('dashboards.list.action.share'),
                onClick: actions.onShare,
              },
              canManage && { key: 'copy', label: t('dashboards.list.action.copy'), onClick: actions.onCopy },
              canManage &&
                d.can_edit && {
                  key: 'move',
                  label: t('dashboards.list.action.move'),
                  onClick: actions.onMove,
                },
              actions.onEarlier && {
                key: 'earlier',
                label: t('dashboards.list.action.earlier'),
                onClick: actions.onEarlier,
              },
              actions.onLater && {
                key: 'later',
                label: t('dashboards.list.action.later'),
                onClick: actions.onLater,
              },
              canManage &&
                d.can_edit && {
                  key: 'delete',
                  label: t('dashboards.list.action.delete'),
                  danger: true,
                  menu: true,
                  onClick: actions.onDelete,
                  confirm: {
                    title: t('dashboards.list.deleteConfirm', { name: d.name }),
                    content: t('dashboards.list.deleteHint'),
                    okText: t('dashboards.list.action.delete'),
                  },
                },
            ]}
          />
        </div>
      </Card>
    </li>
  );
}
