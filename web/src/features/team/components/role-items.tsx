// A role's device or template permission items (SPEC §3; docs/api-team.md "Device and template permissions"): one
// checkbox per item of the server's catalogue (types/permissions.gen.ts), its label and what it allows in the
// console's language. An item always held (a template's "view") is shown checked and cannot be unchecked.
import { Checkbox, Typography } from 'antd';

import { useAppState } from '@/lib/session';
import type { RoleItemDef } from '../lib/role-items';

interface RoleItemsProps {
  items: readonly RoleItemDef[];
  /** Held whatever is checked. */
  always?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  /** Names the group for assistive technology. */
  'aria-label'?: string;
}

export function RoleItems({ items, always, value, onChange, disabled, 'aria-label': label }: RoleItemsProps) {
  const language = useAppState((s) => s.language);
  const held = new Set(value ?? []);
  if (always) held.add(always);
  return (
    <Checkbox.Group
      className="role-items"
      aria-label={label}
      value={items.filter((i) => held.has(i.code)).map((i) => i.code)}
      disabled={disabled}
      onChange={(checked) => {
        const next = new Set(checked);
        if (always) next.add(always);
        onChange?.(items.filter((i) => next.has(i.code)).map((i) => i.code));
      }}
    >
      {items.map((item) => (
        <Checkbox key={item.code} value={item.code} disabled={(disabled ?? false) || item.code === always}>
          <span className="role-items__label">{language === 'en' ? item.en : item.zh}</span>
          <Typography.Text type="secondary" className="role-items__hint">
            {language === 'en' ? item.en_hint : item.zh_hint}
          </Typography.Text>
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
