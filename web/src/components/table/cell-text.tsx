// A table cell's text cut to its column with an ellipsis, the whole value in a tooltip only when it is cut.
import { Tooltip } from 'antd';
import { useState, type PointerEvent, type ReactNode } from 'react';

import './table.css';

interface CellTextProps {
  children: ReactNode;
  /** What the tooltip shows when the text is cut; the children by default. */
  tooltip?: ReactNode;
  /** Secondary (grey) text, e.g. the second line of a two-line cell. */
  secondary?: boolean;
  className?: string;
}

/**
 * A CSS ellipsis; whether the text is cut is measured when the pointer comes in, and only then is a tooltip mounted
 * (antd's Typography ellipsis measured every cell of a table as it rendered: most of a 20-row list's script time).
 */
export function CellText({ children, tooltip, secondary = false, className }: CellTextProps) {
  const [cut, setCut] = useState(false);
  const classes = ['cell-text', secondary ? 'cell-text--secondary' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const text = (
    <span
      className={classes}
      onPointerEnter={(event: PointerEvent<HTMLSpanElement>) => {
        const el = event.currentTarget;
        if (el.scrollWidth > el.clientWidth + 1) setCut(true);
      }}
      onPointerLeave={() => setCut(false)}
    >
      {children}
    </span>
  );
  return cut ? (
    <Tooltip open title={tooltip ?? children} placement="topLeft">
      {text}
    </Tooltip>
  ) : (
    text
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
