// A searchable picker of the IANA zones GET /yun/timezone lists ("(UTC+08:00) Asia/Shanghai"), west to east; with
// `followLabel`, a first choice that follows the tenant's zone (its value FOLLOW, saved as null).
import { Select } from 'antd';
import { useMemo } from 'react';

import type { ZoneOut } from './api';

/** The picker's value for "follow the tenant's zone". */
export const FOLLOW = '';

export interface TimeZonePickerProps {
  zones: readonly ZoneOut[];
  value?: string;
  onChange?: (zone: string) => void;
  /** Offers "follow the tenant's zone" first, under this label. */
  followLabel?: string;
  loading?: boolean;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
}

export function TimeZonePicker({
  zones,
  value,
  onChange,
  followLabel,
  loading,
  id,
  ...rest
}: TimeZonePickerProps) {
  const options = useMemo(
    () => [
      ...(followLabel === undefined ? [] : [{ value: FOLLOW, label: followLabel }]),
      ...zones.map((z) => ({ value: z.id, label: z.label })),
    ],
    [zones, followLabel],
  );
  return (
    <Select<string>
      id={id}
      className="time-zone-picker"
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      value={value}
      options={options}
      style={{ width: '100%', maxWidth: 420 }}
      onChange={(next) => onChange?.(next)}
      aria-label={rest['aria-label']}
      placeholder={rest.placeholder}
    />
  );
}
