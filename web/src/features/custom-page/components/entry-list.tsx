// The entries of one area (the sidebar or the top bar) as a two-level tree: each entry with its icon, name, what it
// opens and who sees it, the rules it breaks, and its actions: move up and down among its siblings, add an entry to a
// group, edit in the drawer, delete after a confirmation (a group with its entries).
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Empty, Popconfirm, Space, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { CustomIcon } from '@/components/custom-menus/icons';
import { defaultIcon } from '@/components/custom-menus/menu-items';
import { EMPTY } from '@/lib/empty';
import { isWebUrl } from '@/lib/custom-menus/targets';
import { CUSTOM_MENU_CHILDREN_MAX } from '@/types/limits.gen';
import type { Area, DraftChild, DraftEntry, Problem } from '../lib/editor-model';

export interface EntryListProps {
  area: Area;
  entries: readonly DraftEntry[];
  /** The rules each entry breaks, by entry id (shown once a save was tried). */
  problems: ReadonlyMap<string, readonly Problem[]>;
  roleName: (id: number) => string;
  dashboardName: (id: number) => string;
  onAddChild: (groupId: string) => void;
  onEdit: (id: string) => void;
  onMove: (id: string, delta: number) => void;
  onRemove: (id: string) => void;
}

function target(entry: DraftChild, t: TFunction, dashboardName: (id: number) => string): string {
  if (entry.kind === 'dashboard') return entry.dashboard_id ? dashboardName(entry.dashboard_id) : EMPTY;
  if (entry.kind === 'group') return '';
  const url = entry.url.trim();
  if (!url) return EMPTY;
  return isWebUrl(url) ? t('system.customMenus.list.framed', { host: new URL(url).host }) : url;
}

interface RowProps extends Omit<EntryListProps, 'entries' | 'area'> {
  entry: DraftChild;
  index: number;
  count: number;
  children?: ReactNode;
  childCount?: number;
  firstLevel: boolean;
}

function EntryRow({ entry, index, count, firstLevel, childCount = 0, children, ...p }: RowProps) {
  const { t } = useTranslation();
  const problems = p.problems.get(entry.id) ?? [];
  const icon = entry.icon ?? (firstLevel ? defaultIcon(entry) : null);
  const where = target(entry, t, p.dashboardName);
  const audience =
    entry.visibility === 'all'
      ? t('system.customMenus.visibility.all')
      : entry.role_ids.map(p.roleName).join('、') || t('system.customMenus.visibility.none');
  return (
    <li className={firstLevel ? 'cp-entry' : 'cp-entry cp-entry--child'} data-testid={`entry-${entry.id}`}>
      <div className={problems.length ? 'cp-entry__row cp-entry__row--invalid' : 'cp-entry__row'}>
        <span className="cp-entry__icon" aria-hidden="true">
          {icon ? <CustomIcon name={icon} /> : null}
        </span>
        <div className="cp-entry__main">
          <div className="cp-entry__name">{entry.name.trim() || EMPTY}</div>
          <div className="cp-entry__meta">
            <Tag color={entry.kind === 'group' ? 'purple' : entry.kind === 'dashboard' ? 'geekblue' : 'cyan'}>
              {t(`system.customMenus.kind.${entry.kind}`)}
            </Tag>
            {entry.kind === 'group' ? (
              <span className="text-secondary">
                {t('system.customMenus.list.count', { count: childCount })}
              </span>
            ) : (
              <span className="cp-entry__target text-secondary" title={entry.url || where}>
                {where}
              </span>
            )}
            <Tag color={entry.visibility === 'all' ? 'default' : 'orange'} className="cp-entry__audience">
              {audience}
            </Tag>
          </div>
          {problems.length > 0 && (
            <ul className="cp-entry__problems" role="alert">
              {problems.map((problem) => (
                <li key={problem.key}>
                  {problem.text ?? t(`system.customMenus.rules.${problem.key}`, problem.values)}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Space size={0} className="cp-entry__actions" wrap>
          <Tooltip title={t('system.customMenus.list.up')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('system.customMenus.list.upNamed', { name: entry.name })}
              disabled={index === 0}
              onClick={() => {
                p.onMove(entry.id, -1);
              }}
            />
          </Tooltip>
          <Tooltip title={t('system.customMenus.list.down')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('system.customMenus.list.downNamed', { name: entry.name })}
              disabled={index === count - 1}
              onClick={() => {
                p.onMove(entry.id, 1);
              }}
            />
          </Tooltip>
          {entry.kind === 'group' && (
            <Tooltip
              title={
                childCount >= CUSTOM_MENU_CHILDREN_MAX
                  ? t('system.customMenus.rules.childrenMax', { max: CUSTOM_MENU_CHILDREN_MAX })
                  : t('system.customMenus.list.addChild')
              }
            >
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('system.customMenus.list.addChildNamed', { name: entry.name })}
                disabled={childCount >= CUSTOM_MENU_CHILDREN_MAX}
                onClick={() => {
                  p.onAddChild(entry.id);
                }}
              />
            </Tooltip>
          )}
          <Tooltip title={t('system.customMenus.list.edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('system.customMenus.list.editNamed', { name: entry.name })}
              onClick={() => {
                p.onEdit(entry.id);
              }}
            />
          </Tooltip>
          <Popconfirm
            title={t('system.customMenus.list.removeTitle', { name: entry.name.trim() || EMPTY })}
            description={
              childCount > 0 ? t('system.customMenus.list.removeGroup', { count: childCount }) : undefined
            }
            okText={t('system.customMenus.list.remove')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.action.cancel')}
            onConfirm={() => {
              p.onRemove(entry.id);
            }}
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('system.customMenus.list.removeNamed', { name: entry.name })}
            />
          </Popconfirm>
        </Space>
      </div>
      {children}
    </li>
  );
}

export function EntryList({ area, entries, ...p }: EntryListProps) {
  const { t } = useTranslation();
  if (entries.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(
          area === 'side' ? 'system.customMenus.list.emptySide' : 'system.customMenus.list.emptyTop',
        )}
      />
    );
  return (
    <ul
      className="cp-entries"
      aria-label={t(area === 'side' ? 'system.customMenus.area.side' : 'system.customMenus.area.top')}
    >
      {entries.map((entry, index) => (
        <EntryRow
          key={entry.id}
          {...p}
          entry={entry}
          index={index}
          count={entries.length}
          firstLevel
          childCount={entry.children.length}
        >
          {entry.kind === 'group' && entry.children.length > 0 && (
            <ul className="cp-entries cp-entries--children">
              {entry.children.map((c, i) => (
                <EntryRow
                  key={c.id}
                  {...p}
                  entry={c}
                  index={i}
                  count={entry.children.length}
                  firstLevel={false}
                />
              ))}
            </ul>
          )}
        </EntryRow>
      ))}
    </ul>
  );
}
