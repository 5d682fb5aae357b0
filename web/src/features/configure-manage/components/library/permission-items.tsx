// Template permission items: the checkboxes of a share form (`view` always on) and the tags of a share.
import { Checkbox, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { ALWAYS_HELD, normalizeItems, PERMISSION_ITEMS } from '../../lib/library-permissions';

interface PermissionCheckboxesProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** A form control: every item with its hint; `view` stays checked. */
export function PermissionCheckboxes({ value = [], onChange, disabled }: PermissionCheckboxesProps) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      className="tpl-lib-items"
      value={normalizeItems(value)}
      disabled={disabled}
      onChange={(next) => onChange?.(normalizeItems(next))}
      options={PERMISSION_ITEMS.map((item) => ({
        value: item,
        disabled: item === ALWAYS_HELD,
        label: (
          <Tooltip title={t(`configure.library.itemHint.${item}`)} placement="top">
            <span>{t(`configure.library.item.${item}`)}</span>
          </Tooltip>
        ),
      }))}
    />
  );
}

/** The items of a share as tags, in the catalogue's order. */
export function PermissionTags({ items }: { items: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap className="tpl-lib-item-tags">
      {normalizeItems(items).map((item) => (
        <Tag key={item} variant="filled" color={item === ALWAYS_HELD ? 'default' : 'blue'}>
          {t(`configure.library.item.${item}`)}
        </Tag>
      ))}
    </Space>
  );
}
