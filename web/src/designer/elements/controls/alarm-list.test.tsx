import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AlarmOut } from '@/lib/alarms/types';
import { drawElement } from '@/test/designer-controls';
import { alarmListElement } from './alarm-list';

function alarm(
  id: number,
  level: number,
  name: string,
  time: number,
  type: AlarmOut['alarm_type'] = 1,
): AlarmOut {
  return {
    id,
    device_id: 7,
    sn_code: 'IOT0000007',
    dev_alias: '泵站',
    data_source_id: null,
    data_source_name: null,
    alarm_name: name,
    alarm_level: level,
    alarm_type: type,
    alarm_info: null,
    value: null,
    alarm_time: time,
    recover_time: null,
    confirm_time: null,
    confirm_userName: null,
    alarm_note: null,
  };
}

const rows = () => screen.getAllByTestId('alarm-row');

describe('alarm list', () => {
  it('shows the alarms it is given, most urgent level first, then the newest', () => {
    drawElement(alarmListElement, {
      alarms: [
        alarm(1, 3, '低压', 1_700_000_000_000),
        alarm(2, 1, '超温', 1_700_000_000_000, 2),
        alarm(3, 3, '流量低', 1_700_000_060_000),
        alarm(4, 5, '通讯慢', 1_700_000_120_000),
      ],
    });
    expect(rows().map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      '超温',
      '流量低',
      '低压',
      '通讯慢',
    ]);
    const first = rows()[0]!;
    expect(within(first).getByText('1 级')).toHaveAttribute('data-level', '1');
    expect(within(first).getByText('已恢复')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '级别' })).toBeInTheDocument();
  });

  it('shows no more rows than its setting, and says when there is no alarm', () => {
    const many = Array.from({ length: 6 }, (_, i) => alarm(i + 1, 2, `告警${String(i)}`, i));
    const { unmount } = drawElement(alarmListElement, { settings: { rows: 4 }, alarms: many });
    expect(rows()).toHaveLength(4);
    unmount();
    drawElement(alarmListElement, { alarms: [] });
    expect(screen.queryAllByTestId('alarm-row')).toHaveLength(0);
    expect(screen.getByText('没有告警')).toBeInTheDocument();
  });

  it('shows sample rows in the editor, not the device’s alarms', () => {
    drawElement(alarmListElement, { mode: 'edit', alarms: [alarm(1, 1, '超温', 0)] });
    expect(rows()).toHaveLength(3);
    expect(screen.getByText('示例告警 1')).toBeInTheDocument();
    expect(screen.queryByText('超温')).not.toBeInTheDocument();
  });
});
