// The software library's columns: the version (with its mode when forced), its type, the gateway models or the
// platform it fits, its update content in the reader's language, the package's size (its SHA-256 on hover, copyable),
// its update state, who uploaded it and when, and the row's actions (download; edit, publish or withdraw, delete
// for the library's writers).
import { Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';

import { CellTags } from '@/components/table/cell-tags';
import { CellText } from '@/components/table/cell-text';
import { actionColumn } from '@/components/table/fit-columns';
import { RowActions, type RowAction } from '@/components/table/row-actions';
import { orEmpty } from '@/lib/empty';
import { formatBytes } from '@/lib/exports/format';
import { formatTime } from '@/lib/telemetry/format';
import { MODE_FORCED, STATE_PUBLISHED, TYPE_DEVICE, type SoftwareVersionOut } from '../api/versions';

const TYPE_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'purple' };

export interface VersionRowHandlers {
  /** False: the caller may not change the library (the upgrades' page reads it). */
  canWrite: boolean;
  download: (version: SoftwareVersionOut) => void;
  edit: (version: SoftwareVersionOut) => void;
  setPublished: (version: SoftwareVersionOut, published: boolean) => void;
  remove: (version: SoftwareVersionOut) => void;
}

/** The update content in the reader's language, the other one when it has none. */
export function contentOf(version: SoftwareVersionOut, language: string): string {
  const own = language.startsWith('en') ? version.content_en : version.content_zh;
  const other = language.startsWith('en') ? version.content_zh : version.content_en;
  return own || other;
}

/** What a version fits: gateway models as they are, a platform by its name. */
export function fitsLabels(t: TFunction, version: SoftwareVersionOut): string[] {
  return version.type === TYPE_DEVICE
    ? version.models
    : version.models.map((m) => t(`software.platform.${m}`, { defaultValue: m }));
}

export function versionColumns(
  t: TFunction,
  language: string,
  on: VersionRowHandlers,
): NonNullable<TableProps<SoftwareVersionOut>['columns']> {
  const action = (key: string) => t(`software.actions.${key}`);
  const actions = (r: SoftwareVersionOut): RowAction[] => {
    const list: RowAction[] = [{ key: 'download', label: action('download'), onClick: () => on.download(r) }];
    if (!on.canWrite) return list;
    list.push({ key: 'edit', label: action('edit'), onClick: () => on.edit(r) });
    list.push(
      r.state === STATE_PUBLISHED
        ? { key: 'withdraw', label: action('withdraw'), menu: true, onClick: () => on.setPublished(r, false) }
        : { key: 'publish', label: action('publish'), menu: true, onClick: () => on.setPublished(r, true) },
    );
    list.push({
      key: 'delete',
      label: action('delete'),
      menu: true,
      danger: true,
      confirm: {
        title: t('software.actions.deleteConfirm', { version: r.version }),
        okText: action('delete'),
      },
      onClick: () => on.remove(r),
    });
    return list;
  };
  return [
    {
      title: t('software.columns.version'),
      key: 'version',
      width: 150,
      render: (_: unknown, r) => (
        <span className="software-version-cell">
          <Typography.Text strong>{r.version}</Typography.Text>
          {r.mode === MODE_FORCED && <Tag color="red">{t('software.mode.1')}</Tag>}
        </span>
      ),
    },
    {
      title: t('software.columns.type'),
      key: 'type',
      width: 96,
      render: (_: unknown, r) => <Tag color={TYPE_COLOR[r.type]}>{t(`software.type.${String(r.type)}`)}</Tag>,
    },
    {
      title: t('software.columns.models'),
      key: 'models',
      width: 180,
      responsive: ['md'],
      render: (_: unknown, r) => (
        <CellTags tags={fitsLabels(t, r).map((label) => ({ key: label, label }))} max={2} />
      ),
    },
    {
      title: t('software.columns.content'),
      key: 'content',
      render: (_: unknown, r) => <CellText>{orEmpty(contentOf(r, language))}</CellText>,
    },
    {
      title: t('software.columns.size'),
      key: 'size',
      width: 100,
      responsive: ['lg'],
      render: (_: unknown, r) => (
        <Tooltip
          title={
            <Typography.Text className="software-sha" copyable={{ text: r.sha256 }}>
              {`SHA-256 ${r.sha256}`}
            </Typography.Text>
          }
        >
          <span tabIndex={0}>{formatBytes(r.size)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('software.columns.state'),
      key: 'state',
      width: 90,
      render: (_: unknown, r) => (
        <Tag color={r.state === STATE_PUBLISHED ? 'success' : 'default'}>
          {t(`software.state.${String(r.state)}`)}
        </Tag>
      ),
    },
    {
      title: t('software.columns.uploader'),
      key: 'uploader',
      width: 110,
      responsive: ['xl'],
      render: (_: unknown, r) => <CellText>{orEmpty(r.created_by_name)}</CellText>,
    },
    {
      title: t('software.columns.time'),
      key: 'created_at',
      width: 150,
      responsive: ['lg'],
      render: (_: unknown, r) => formatTime(r.created_at),
    },
    actionColumn<SoftwareVersionOut>({
      title: t('software.columns.actions'),
      labels: on.canWrite ? [action('download'), action('edit')] : [action('download')],
      more: on.canWrite,
      render: (r) => (
        <RowActions moreLabel={t('software.actions.moreFor', { version: r.version })} actions={actions(r)} />
      ),
    }),
  ];
}
