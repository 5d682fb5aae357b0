// The table designer's columns (/monitor/monitorTableDesign): one row per column of the draft, each setting edited in
// place; the page keeps the draft and saves it.
import { ArrowDownOutlined, ArrowUpOutlined, BgColorsOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Select, Space, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';

import type { MonitorDesign, MonitorDesignColumn, MonitorTableOut } from '@/lib/monitor-tables/api';
import {
  MIDDLEWARE_COLUMN_TITLE_MAX,
  MIDDLEWARE_COLUMN_WIDTH_RANGE,
  MIDDLEWARE_DECIMALS_MAX,
} from '@/types/limits.gen';

import { bandProblem } from './bands-editor';

export interface DesignColumnsTableProps {
  draft: MonitorDesign;
  sources: ReadonlyMap<number, MonitorTableOut['sources'][number]>;
  onColumn: (index: number, patch: Partial<MonitorDesignColumn>) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (sourceId: number) => void;
  /** Opens the colour bands of the column at `index`. */
  onBands: (index: number) => void;
}

export function DesignColumnsTable({
  draft,
  sources,
  onColumn,
  onMove,
  onRemove,
  onBands,
}: DesignColumnsTableProps) {
  const { t } = useTranslation();
  return (
    <Table<MonitorDesignColumn>
      size="small"
      rowKey="source_id"
      pagination={false}
      scroll={{ x: 1100 }}
      dataSource={draft.columns}
      locale={{ emptyText: t('monitor.design.noColumns') }}
      columns={[
        {
          key: 'order',
          width: 72,
          render: (_, _c, index) => (
            <Space size={0}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('monitor.design.moveLeft')}
                disabled={index === 0}
                onClick={() => onMove(index, -1)}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('monitor.design.moveRight')}
                disabled={index === draft.columns.length - 1}
                onClick={() => onMove(index, 1)}
              />
            </Space>
          ),
        },
        {
          key: 'source',
          title: t('monitor.design.source'),
          width: 130,
          render: (_, c) => sources.get(c.source_id)?.name,
        },
        {
          key: 'title',
          title: t('monitor.design.columnTitle'),
          width: 140,
          render: (_, c, index) => (
            <Input
              size="small"
              value={c.title}
              maxLength={MIDDLEWARE_COLUMN_TITLE_MAX}
              placeholder={sources.get(c.source_id)?.name}
              aria-label={t('monitor.design.columnTitle')}
              onChange={(e) => onColumn(index, { title: e.target.value })}
            />
          ),
        },
        {
          key: 'group',
          title: t('monitor.design.group'),
          width: 120,
          render: (_, c, index) => (
            <Input
              size="small"
              value={c.group}
              maxLength={MIDDLEWARE_COLUMN_TITLE_MAX}
              aria-label={t('monitor.design.group')}
              onChange={(e) => onColumn(index, { group: e.target.value })}
            />
          ),
        },
        {
          key: 'width',
          title: t('monitor.design.width'),
          width: 90,
          render: (_, c, index) => (
            <InputNumber
              size="small"
              min={MIDDLEWARE_COLUMN_WIDTH_RANGE[0]}
              max={MIDDLEWARE_COLUMN_WIDTH_RANGE[1]}
              value={c.width}
              aria-label={t('monitor.design.width')}
              onChange={(v) => onColumn(index, { width: v ?? 120 })}
            />
          ),
        },
        {
          key: 'decimals',
          title: t('monitor.design.decimals'),
          width: 80,
          render: (_, c, index) => (
            <InputNumber
              size="small"
              min={0}
              max={MIDDLEWARE_DECIMALS_MAX}
              value={c.decimals}
              placeholder={String(sources.get(c.source_id)?.decimals ?? '')}
              aria-label={t('monitor.design.decimals')}
              onChange={(v) => onColumn(index, { decimals: v ?? null })}
            />
          ),
        },
        {
          key: 'unit',
          title: t('monitor.design.unit'),
          width: 90,
          render: (_, c, index) => (
            <Input
              size="small"
              value={c.unit ?? ''}
              maxLength={16}
              placeholder={sources.get(c.source_id)?.unit}
              aria-label={t('monitor.design.unit')}
              onChange={(e) => onColumn(index, { unit: e.target.value === '' ? null : e.target.value })}
            />
          ),
        },
        {
          key: 'align',
          title: t('monitor.design.align'),
          width: 100,
          render: (_, c, index) => (
            <Select
              size="small"
              value={c.align}
              aria-label={t('monitor.design.align')}
              onChange={(v) => onColumn(index, { align: v })}
              options={(['left', 'center', 'right'] as const).map((a) => ({
                value: a,
                label: t(`monitor.design.alignOf.${a}`),
              }))}
            />
          ),
        },
        {
          key: 'frozen',
          title: t('monitor.design.frozen'),
          width: 70,
          render: (_, c, index) => (
            <Switch
              size="small"
              checked={c.frozen}
              aria-label={t('monitor.design.frozen')}
              onChange={(v) => onColumn(index, { frozen: v })}
            />
          ),
        },
        {
          key: 'thousands',
          title: t('monitor.design.thousands'),
          width: 80,
          render: (_, c, index) => (
            <Switch
              size="small"
              checked={c.thousands}
              aria-label={t('monitor.design.thousands')}
              onChange={(v) => onColumn(index, { thousands: v })}
            />
          ),
        },
        {
          key: 'bands',
          title: t('monitor.design.bands'),
          width: 90,
          render: (_, c, index) => (
            <Button
              size="small"
              aria-label={`${t('monitor.design.bands')} ${c.bands.length}`}
              icon={<BgColorsOutlined />}
              danger={c.bands.some((b) => bandProblem(b) !== null)}
              onClick={() => onBands(index)}
            >
              {c.bands.length}
            </Button>
          ),
        },
        {
          key: 'remove',
          width: 48,
          render: (_, c) => (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('monitor.design.remove')}
              onClick={() => onRemove(c.source_id)}
            />
          ),
        },
      ]}
    />
  );
}
