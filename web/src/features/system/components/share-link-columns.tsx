// The share links table's columns: devices (one no longer available shown as gone), permission, expiry, opens (used /
// limit), note, state, created, and the row's actions (edit, reset the address, revoke or enable, delete). A link's
// address is shown once, when it is made: the list cannot copy it.
import { Tag } from 'antd';
import type { TableProps } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

import { CellTags } from '@/components/table/cell-tags';
import { CellText } from '@/components/table/cell-text';
import { actionColumn } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { orEmpty } from '@/lib/empty';
import { isGone, PERMISSION_CONTROL, type ShareLinkOut, type ShareLinkState } from '@/lib/share-links/api';

export const STATE_COLOR: Record<ShareLinkState, string> = {
  active: 'success',
  expired: 'warning',
  exhausted: 'orange',
  disabled: 'default',
};

const time = (ms: number, format = 'YYYY-MM-DD HH:mm') => dayjs(ms).format(format);

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
      title: t('share.list.column.devices'),
      key: 'devices',
      minWidth: 200,
      render: (_: unknown, r) => (
        <CellTags
          tags={r.devices.map((d) =>
            isGone(d)
              ? { key: String(d.id), label: t('share.device.gone'), color: 'default' }
              : { key: String(d.id), label: d.name },
          )}
          max={2}
        />
      ),
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
