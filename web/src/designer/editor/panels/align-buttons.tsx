// Align (left, centre, right, top, middle, bottom) and distribute (horizontally, vertically) for the selection: in
// the toolbar and in the property panel of a multiple selection. One unit aligns to the canvas.
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { AlignEdge, CanvasSize } from '../../model';
import { alignSelection, distributeSelection, selectionAbilities } from '../commands';
import type { DesignerStore } from '../store';
import { useDesigner } from '../use-designer';

const ALIGN: readonly [AlignEdge, ReactNode][] = [
  ['left', <AlignLeftOutlined key="l" />],
  ['center', <AlignCenterOutlined key="c" />],
  ['right', <AlignRightOutlined key="r" />],
  ['top', <VerticalAlignTopOutlined key="t" />],
  ['middle', <VerticalAlignMiddleOutlined key="m" />],
  ['bottom', <VerticalAlignBottomOutlined key="b" />],
];

/** A toolbar button: an icon with its name as tooltip and accessible name. */
export function ToolButton({
  label,
  icon,
  disabled,
  pressed,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  pressed?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'text'}
        ghost={pressed}
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

export function AlignButtons({ store, defaultSize }: { store: DesignerStore; defaultSize: CanvasSize }) {
  const { t } = useTranslation();
  const doc = useDesigner(store, (s) => s.doc);
  const selection = useDesigner(store, (s) => s.selection);
  const can = useMemo(() => selectionAbilities(doc, selection), [doc, selection]);
  return (
    <Space size={2} wrap>
      {ALIGN.map(([edge, icon]) => (
        <ToolButton
          key={edge}
          label={t(`designer.editor.align.${edge}`)}
          icon={icon}
          disabled={!can.any}
          onClick={() => alignSelection(store, edge, defaultSize)}
        />
      ))}
      <ToolButton
        label={t('designer.editor.align.distributeHorizontal')}
        icon={<ColumnWidthOutlined />}
        disabled={!can.distribute}
        onClick={() => distributeSelection(store, 'horizontal')}
      />
      <ToolButton
        label={t('designer.editor.align.distributeVertical')}
        icon={<ColumnHeightOutlined />}
        disabled={!can.distribute}
        onClick={() => distributeSelection(store, 'vertical')}
      />
    </Space>
  );
}
