// A detail tab's toolbar: the range of whole days (with presets) and the bucket the chart counts in.
import { DatePicker, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { zoned } from '@/lib/timezone';
import { dayRange, lastDays, type Range } from '../lib/ranges';

interface RangeBarProps<B extends string> {
  range: Range;
  onRange: (range: Range) => void;
  presets: readonly number[];
  bucket: B;
  buckets: readonly B[];
  onBucket: (bucket: B) => void;
}

export function RangeBar<B extends string>({
  range,
  onRange,
  presets,
  bucket,
  buckets,
  onBucket,
}: RangeBarProps<B>) {
  const { t } = useTranslation();
  return (
    <ListToolbar className="analysis-toolbar">
      <DatePicker.RangePicker
        className="analysis-toolbar__range"
        allowClear={false}
        aria-label={t('analysis.range')}
        value={[zoned(range[0]), zoned(range[1])]}
        disabledDate={(day) => day.isAfter(zoned(), 'day')}
        presets={presets.map((days) => ({
          label: t('analysis.lastDays', { count: days }),
          value: () => {
            const [start, end] = lastDays(days);
            return [zoned(start), zoned(end)];
          },
        }))}
        onChange={(value) => {
          const [start, end] = value ?? [];
          if (start && end) onRange(dayRange(start, end));
        }}
      />
      <Segmented<B>
        aria-label={t('analysis.bucketLabel')}
        value={bucket}
        options={buckets.map((b) => ({ value: b, label: t(`analysis.bucket.${b}`) }))}
        onChange={onBucket}
      />
    </ListToolbar>
  );
}
