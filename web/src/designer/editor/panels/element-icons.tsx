// The palette's icon of each element type. The registry holds what the runtime needs; an icon is the editor's alone.
// A type without an icon here shows a neutral block, so a new element is never missing from the palette.
import {
  AimOutlined,
  AlertOutlined,
  AppstoreOutlined,
  BlockOutlined,
  BorderOutlined,
  BulbOutlined,
  ClockCircleOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  FontSizeOutlined,
  GlobalOutlined,
  LineChartOutlined,
  LineOutlined,
  LinkOutlined,
  NodeIndexOutlined,
  NumberOutlined,
  PictureOutlined,
  PoweroffOutlined,
  RiseOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** antd has no ellipse; this one is drawn in its icons' 1024 grid and stroke. */
function EllipseIcon() {
  return (
    <span role="img" className="anticon">
      <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="none" aria-hidden="true">
        <ellipse cx="512" cy="512" rx="420" ry="300" stroke="currentColor" strokeWidth="72" />
      </svg>
    </span>
  );
}

const ICONS: Record<string, ComponentType> = {
  text: FontSizeOutlined,
  time: ClockCircleOutlined,
  link: LinkOutlined,
  rect: BorderOutlined,
  ellipse: EllipseIcon,
  line: LineOutlined,
  polyline: RiseOutlined,
  pipe: NodeIndexOutlined,
  value: NumberOutlined,
  indicator: BulbOutlined,
  tank: DatabaseOutlined,
  image: PictureOutlined,
  iframe: GlobalOutlined,
  video: VideoCameraOutlined,
  symbol: AppstoreOutlined,
  switch: PoweroffOutlined,
  button: AimOutlined,
  input: EditOutlined,
  gauge: DashboardOutlined,
  chart: LineChartOutlined,
  alarm_list: AlertOutlined,
};

export function ElementIcon({ type }: { type: string }) {
  const Icon = ICONS[type] ?? BlockOutlined;
  return <Icon />;
}
