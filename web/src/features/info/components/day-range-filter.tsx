// A list's time filter in whole days: the range the address holds (epoch ms, either end open) shown as days, and the
// days picked given back as the first and the last millisecond of them in the user's zone (lib/timezone). The user log and the inbox use it.
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

import { zoned, zoneDayEnd, zoneDayStart } from '@/lib/timezone';

type Range = [Dayjs | null, Dayjs | null] | null;

export interface DayRange {
  start?: number | undefined;
  end?: number | undefined;
}

export function DayRangeFilter({ start, end, onChange }: DayRange & { onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const value: Range =
    start === undefined && end === undefined
      ? null
      : [start === undefined ? null : zoned(start), end === undefined ? null : zoned(end)];
  return (
    <DatePicker.RangePicker
      className="info-toolbar__range"
      value={value}
      allowEmpty={[true, true]}
      placeholder={[t('info.log.filter.start'), t('info.log.filter.end')]}
      aria-label={t('info.log.filter.range')}
      onChange={(picked) => {
        const next: Range = picked ? [picked[0], picked[1]] : null;
        onChange({
          start: next?.[0] ? zoneDayStart(next[0]) : undefined,
          end: next?.[1] ? zoneDayEnd(next[1]) : undefined,
        });
      }}
    />
  );
}
