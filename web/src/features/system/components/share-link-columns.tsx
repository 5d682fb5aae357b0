// The share links table's columns: the link's type (a configuration, a dashboard or a business sector), what it
// shares (a configuration's devices, one no longer available shown as gone; a dashboard's or a sector's name, or that
// it is no longer available), the link's address, permission, expiry, opens (used / limit), note, state, created, and the row's
// actions (edit, reset the address, revoke or enable, delete). The server keeps only a hash of a link's token: the address shows, with a copy button, for the
// links made or reset in this tab (lib/share-links/known-urls.ts); for the others the cell says it was shown once
// and that resetting the link gives a new one (docs/decisions.md "A share link's address in its list").
import { Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';

import { CellTags } from '@/components/table/cell-tags';
import { CellText } from '@/components/table/cell-text';
import { actionColumn } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { orEmpty } from '@/lib/empty';
import {
  isGone,
  LINK_TYPE_DASHBOARD,
  LINK_TYPE_SECTOR,
  PERMISSION_CONTROL,
  shareLinkUrl,
  type ShareLinkOut,
  type ShareLinkState,
} from '@/lib/share-links/api';
import { useKnownShareLinkToken } from '@/lib/share-links/known-urls';
import { zoned } from '@/lib/timezone';

export const STATE_COLOR: Record<ShareLinkState, string> = {
  active: 'success',
  expired: 'warning',
  exhausted: 'orange',
  disabled: 'default',
};

const time = (ms: number, format = 'YYYY-MM-DD HH:mm') => zoned(ms).format(format);

/** A link's type: its tag's colour and name. */
const TYPES: Record<number, { color: string; key: string }> = {
  [LINK_TYPE_DASHBOARD]: { color: 'geekblue', key: 'share.list.type.dashboard' },
  [LINK_TYPE_SECTOR]: { color: 'purple', key: 'share.list.type.sector' },
};
const CONFIGURATION_TYPE = { color: 'cyan', key: 'share.list.type.configuration' };

/** What a link shares: a dashboard's or a sector's name (or that it is gone), a configuration's devices. */
function shared(t: TFunction, r: ShareLinkOut) {
  if (r.link_type === LINK_TYPE_DASHBOARD || r.link_type === LINK_TYPE_SECTOR) {
    const ofSector = r.link_type === LINK_TYPE_SECTOR;
    const board = ofSector ? r.sector : r.dashboard;
    const available = board?.available ?? false;
    const gone = t(ofSector ? 'share.sectorLink.gone' : 'share.dashboardLink.gone');
    return (
      <CellTags
        tags={[
          {
            key: `${ofSector ? 's' : 'd'}${String(board?.id ?? 0)}`,
            label: available ? (board?.name ?? '') : gone,
            color: available ? (ofSector ? 'purple' : 'blue') : 'default',
          },
        ]}
        max={1}
      />
    );
  }
  return (
    <CellTags
      tags={r.devices.map((d) =>
        isGone(d)
          ? { key: String(d.id), label: t('share.device.gone'), color: 'default' }
          : { key: String(d.id), label: d.name },
      )}
      max={2}
    />
  );
}

/** The link's address with a copy button when this tab was given it, else how to get one. */
function LinkAddress({ id, linkType, t }: { id: number; linkType: number; t: TFunction }) {
  const token = useKnownShareLinkToken(id);
  if (token === null) {
    return (
      <Tooltip title={t('share.list.urlHiddenHint')}>
        <Typography.Text
          type="secondary"
          className="share-links-address share-links-address--hidden"
          tabIndex={0}
        >
          {t('share.list.urlHidden')}
        </Typography.Text>
      </Tooltip>
    );
  }
  const url = shareLinkUrl(token, linkType);
  return (
    <Typography.Text
      className="share-links-address"
      copyable={{ text: url, tooltips: [t('share.list.copyUrl'), t('share.list.urlCopied')] }}
      ellipsis={{ tooltip: url }}
    >
      {url}
    </Typography.Text>
  );
}

export interface ShareLinkRowHandlers {
  edit: (link: ShareLinkOut) => void;
  reset: (link: ShareLinkOut) => void;
  setEnabled: (link: ShareLinkOut, enabled: boolean) => void;
  remove: (link: ShareLinkOut) => void;
}

export function shareLinkColumns(
  t: TFunction,
  on: ShareLinkRowHandlers,
): NonNullable<TableProps<ShareLinkOut>['columns']> {
  const action = (key: string) => t(`share.list.action.${key}`);
  return [
    {
      title: t('share.list.column.type'),
      key: 'type',
      width: 90,
      render: (_: unknown, r) => {
        const type = TYPES[r.link_type] ?? CONFIGURATION_TYPE;
        return (
          <Tag color={type.color} data-link-type={r.link_type}>
            {t(type.key)}
          </Tag>
        );
      },
    },
    {
      title: t('share.list.column.devices'),
      key: 'devices',
      minWidth: 200,
      render: (_: unknown, r) => shared(t, r),
    },
    {
      title: t('share.list.column.url'),
      key: 'url',
      minWidth: 260,
      render: (_: unknown, r) => <LinkAddress id={r.id} linkType={r.link_type} t={t} />,
    },
    {
      title: t('share.list.column.permission'),
      key: 'permission',
      width: 110,
      render: (_: unknown, r) => (
        <Tag color={r.permission === PERMISSION_CONTROL ? 'processing' : 'default'}>
          {t(`share.permission.${String(r.permission)}`)}
        </Tag>
      ),
    },
    {
      title: t('share.list.column.expireAt'),
      key: 'expire_at',
      width: 130,
      render: (_: unknown, r) => (r.expire_at ? time(r.expire_at, 'YYYY-MM-DD') : t('share.link.never')),
    },
    {
      title: t('share.list.column.access'),
      key: 'access',
      width: 120,
      render: (_: unknown, r) =>
        t('share.list.accessCount', {
          used: r.use_count,
          limit: r.access_limit ?? t('share.link.unlimited'),
        }),
    },
    {
      title: t('share.list.column.note'),
      key: 'note',
      minWidth: 140,
      render: (_: unknown, r) => <CellText>{orEmpty(r.note)}</CellText>,
    },
    {
      title: t('share.list.column.state'),
      key: 'state',
      width: 100,
      render: (_: unknown, r) => <Tag color={STATE_COLOR[r.state]}>{t(`share.state.${r.state}`)}</Tag>,
    },
    {
      title: t('share.list.column.createdAt'),
      key: 'created_at',
      width: 150,
      responsive: ['lg'],
      render: (_: unknown, r) => time(r.created_at),
    },
    actionColumn<ShareLinkOut>({
      title: t('share.list.column.actions'),
      labels: [action('edit'), action('reset')],
      more: true,
      render: (r) => (
        <RowActions
          moreLabel={t('share.list.action.more')}
          actions={[
            { key: 'edit', label: action('edit'), onClick: () => on.edit(r) },
            {
              key: 'reset',
              label: action('reset'),
              confirm: {
                title: t('share.list.resetConfirm'),
                content: t('share.list.resetHint'),
                okText: action('reset'),
              },
              onClick: () => on.reset(r),
            },
            r.use_state === 1
              ? {
                  key: 'revoke',
                  label: action('revoke'),
                  menu: true,
                  danger: true,
                  confirm: {
                    title: t('share.list.revokeConfirm'),
                    content: t('share.list.revokeHint'),
                    okText: action('revoke'),
                  },
                  onClick: () => on.setEnabled(r, false),
                }
              : { key: 'enable', label: action('enable'), menu: true, onClick: () => on.setEnabled(r, true) },
            {
              key: 'delete',
              label: action('delete'),
              menu: true,
              danger: true,
              confirm: {
                title: t('share.list.deleteConfirm'),
                content: t('share.list.deleteHint'),
                okText: action('delete'),
              },
              onClick: () => on.remove(r),
            },
          ]}
        />
      ),
    }),
  ];
}
