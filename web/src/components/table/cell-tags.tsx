// Tags in one line of a cell: the first few, then "+N" whose tooltip lists them all.
import { Tag, Tooltip } from 'antd';

import './table.css';

export interface CellTag {
  key: string;
  label: string;
  color?: string | undefined;
}

export function CellTags({ tags, max = 2 }: { tags: readonly CellTag[]; max?: number }) {
  if (tags.length === 0) return <>-</>;
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  const line = (
    <div className="cell-tags">
      {shown.map((tag) => (
        <Tag key={tag.key} color={tag.color} title={tag.label}>
          {tag.label}
        </Tag>
      ))}
      {rest > 0 && <Tag className="cell-tags__more">+{rest}</Tag>}
    </div>
  );
  if (rest === 0) return line;
  return (
    <Tooltip title={tags.map((tag) => tag.label).join(', ')} placement="topLeft">
      {line}
    </Tooltip>
  );
}
