// A form control for a small map (an HTTP target's headers, a database target's columns): one line per entry, a
// key box and a value (a box, or a select of `choices`), lines added and removed. Its value is the map; a line
// without a key is left out of it.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PairsInputProps {
  value?: Record<string, string>;
  onChange?: (value: Record<string, string>) => void;
  keyLabel: string;
  valueLabel: string;
  /** The values a line may take; a free text box without. */
  choices?: readonly string[];
  addLabel: string;
}

type Line = { key: string; value: string };

export function toMap(lines: readonly Line[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of lines) if (key.trim()) out[key.trim()] = value;
  return out;
}

export function PairsInput({ value, onChange, keyLabel, valueLabel, choices, addLabel }: PairsInputProps) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[]>(() =>
    Object.entries(value ?? {}).map(([key, v]) => ({ key, value: v })),
  );
  const change = (next: Line[]) => {
    setLines(next);
    onChange?.(toMap(next));
  };
  const set = (i: number, patch: Partial<Line>) =>
    change(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <div className="automation-pairs">
      {lines.map((line, i) => (
        <div key={i} className="automation-pairs__line">
          <Input
            aria-label={`${keyLabel} ${String(i + 1)}`}
            placeholder={keyLabel}
            value={line.key}
            onChange={(e) => set(i, { key: e.target.value })}
          />
          {choices ? (
            <Select
              aria-label={`${valueLabel} ${String(i + 1)}`}
              placeholder={valueLabel}
              value={line.value || undefined}
              onChange={(v: string) => set(i, { value: v })}
              options={choices.map((c) => ({ value: c, label: c }))}
            />
          ) : (
            <Input
              aria-label={`${valueLabel} ${String(i + 1)}`}
              placeholder={valueLabel}
              value={line.value}
              onChange={(e) => set(i, { value: e.target.value })}
            />
          )}
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('configure.automation.remove')}
            onClick={() => change(lines.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        type="dashed"
        size="small"
        icon={<PlusOutlined />}
        onClick={() => change([...lines, { key: '', value: '' }])}
      >
        {addLabel}
      </Button>
    </div>
  );
}
