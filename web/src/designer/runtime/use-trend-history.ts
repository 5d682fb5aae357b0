// The history the screen's trend charts start from (TrendHistoryContext): one GET /hDev for every data source the
// charts bind (up to the server's 10), raw points over the longest chart window ending when the device was chosen;
// each chart is answered with its own keys' points within its own window. The charts append live points themselves.
import { useMemo, useState } from 'react';

import type { HistoryParams } from '@/lib/telemetry/types';
import { viewerTz } from '@/lib/timezone';
import { HISTORY_SOURCES_MAX, HISTORY_WIDTH_MAX } from '@/types/limits.gen';
import type { TrendHistory, TrendPoint } from '../elements/controls/context';
import { trendWindowMs } from '../elements/controls/trend-option';
import type { DesignDocument, DesignElement } from '../model/types';
import { useFeedSource } from './feed-source';

const TREND_TYPE = 'chart';

/** The GET /hDev query the document's trends need, or null when it has none bound. */
export function trendHistoryParams(
  doc: Pick<DesignDocument, 'elements'>,
  deviceId: number,
  end: number,
): HistoryParams | null {
  const charts = doc.elements.filter((e) => e.type === TREND_TYPE);
  const ids = [...new Set(charts.flatMap((e) => Object.values(e.bindings).map((b) => b.data_source_id)))];
  if (ids.length === 0) return null;
  const windowMs = Math.max(...charts.map((e) => trendWindowMs(e.settings)));
  return {
    device_id: deviceId,
    ids: ids.slice(0, HISTORY_SOURCES_MAX).join(','),
    start: end - windowMs,
    end,
    bucket: 'raw',
    fill: 'none',
    width: HISTORY_WIDTH_MAX,
    tz: viewerTz(),
  };
}

/** Answers each chart with its bound keys' points inside its own window, from the series by data source id. */
export function trendHistoryOf(
  series: ReadonlyMap<number, readonly TrendPoint[]> | undefined,
  end: number,
): TrendHistory {
  return (element: DesignElement) => {
    if (!series) return undefined;
    const start = end - trendWindowMs(element.settings);
    const out: Record<string, readonly TrendPoint[]> = {};
    for (const [key, binding] of Object.entries(element.bindings))
      out[key] = (series.get(binding.data_source_id) ?? []).filter(([ts]) => ts >= start);
    return out;
  };
}

export function useTrendHistory(doc: Pick<DesignDocument, 'elements'>, deviceId: number): TrendHistory {
  // The window ends when the screen opened for this device: a render later must not ask again.
  const [end] = useState(() => Date.now());
  const params = useMemo(() => trendHistoryParams(doc, deviceId, end), [doc, deviceId, end]);
  const history = useFeedSource().useHistory(params);
  const series = useMemo(
    () =>
      history.data
        ? new Map(history.data.series.map((s) => [s.id, s.points as readonly TrendPoint[]]))
        : undefined,
    [history.data],
  );
  return useMemo(() => trendHistoryOf(params ? series : new Map(), end), [params, series, end]);
}
