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
import { Button, Space } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { AlignEdge, CanvasSize } from '../../model';
import { alignSelection, distributeSelection } from '../commands';
import type { DesignerStore } from '../store';
import { useSelectionAbilities } from '../use-designer';

const ALIGN: readonly [AlignEdge, ReactNode][] = [
  ['left', <AlignLeftOutlined key="l" />],
  ['center', <AlignCenterOutlined key="c" />],
  ['right', <AlignRightOutlined key="r" />],
  ['top', <VerticalAlignTopOutlined key="t" />],
  ['middle', <VerticalAlignMiddleOutlined key="m" />],
  ['bottom', <VerticalAlignBottomOutlined key="b" />],
];

/** A toolbar button: an icon with its name as accessible name and as tooltip (data-tip: the editor's one shared
 * tooltip, panels/tool-tip.tsx, shows it). */
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
    <Button
      size="small"
      type={pressed ? 'primary' : 'text'}
      ghost={pressed}
      icon={icon}
      aria-label={label}
      aria-pressed={pressed}
      data-tip={label}
      disabled={disabled}
      onClick={onClick}
    />
  );
}

export const AlignButtons = memo(function AlignButtons({
  store,
  defaultSize,
}: {
  store: DesignerStore;
  defaultSize: CanvasSize;
}) {
  const { t } = useTranslation();
  const can = useSelectionAbilities(store);
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
});
