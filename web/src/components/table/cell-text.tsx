// A table cell's text cut to its column with an ellipsis, the whole value in a tooltip only when it is cut.
import { Typography } from 'antd';
import type { ReactNode } from 'react';

import './table.css';

interface CellTextProps {
  children: ReactNode;
  /** What the tooltip shows when the text is cut; the children by default. */
  tooltip?: ReactNode;
  /** Secondary (grey) text, e.g. the second line of a two-line cell. */
  secondary?: boolean;
  className?: string;
}

export function CellText({ children, tooltip, secondary = false, className }: CellTextProps) {
  return (
    <Typography.Text
      className={className ? `cell-text ${className}` : 'cell-text'}
      type={secondary ? 'secondary' : undefined}
      ellipsis={{ tooltip: { title: tooltip ?? children, placement: 'topLeft' } }}
    >
      {children}
    </Typography.Text>
  );
}

/** A two-line cell (a name over its note or code), each line cut on its own. */
export function CellLines({
  primary,
  secondary,
  primaryTooltip,
}: {
  primary: ReactNode;
  secondary?: ReactNode;
  /** The tooltip of a cut first line when it is not plain text (a link). */
  primaryTooltip?: ReactNode;
}) {
  return (
    <div className="cell-lines">
      <CellText tooltip={primaryTooltip}>{primary}</CellText>
      {secondary !== undefined && secondary !== null && secondary !== '' && (
        <CellText secondary className="cell-lines__secondary">
          {secondary}
        </CellText>
      )}
    </div>
  );
}
