// The menus as a user of a chosen role would see them, drawn with the console's own builders
// (components/custom-menus): the top bar with its title and entries, the sidebar's entries under its title. An
// administrator sees every entry; whether a reader may open a dashboard or console page is the server's to say.
import { Menu, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { customMenuItems, customSideItems } from '@/components/custom-menus/menu-items';
import { previewMenus, type Draft } from '../lib/editor-model';
import type { Option } from './entry-drawer';

export interface MenuPreviewProps {
  draft: Draft;
  roles: readonly Option[];
}

const AS_ADMIN = 0;

export function MenuPreview({ draft, roles }: MenuPreviewProps) {
  const { t } = useTranslation();
  const [as, setAs] = useState<number>(AS_ADMIN);
  const menus = useMemo(() => previewMenus(draft, as === AS_ADMIN ? null : as), [draft, as]);
  const top = customMenuItems(menus.top);
  const side = customSideItems(menus);
  return (
    <div className="cp-preview">
      <label className="cp-preview__as">
        <span>{t('system.customMenus.preview.as')}</span>
        <Select
          value={as}
          onChange={setAs}
          options={[
            { value: AS_ADMIN, label: t('system.customMenus.preview.admin') },
            ...roles.map((r) => ({ value: r.value, label: r.label })),
          ]}
          showSearch={{ optionFilterProp: 'label' }}
          className="cp-preview__select"
          aria-label={t('system.customMenus.preview.as')}
        />
      </label>
      <div className="cp-preview__frame" aria-label={t('system.customMenus.preview.title')}>
        <div className="cp-preview__top">
          <span className="cp-preview__top-title">{menus.top_bar_title}</span>
          {top.length > 0 ? (
            <Menu mode="horizontal" selectable={false} items={top} className="cp-preview__top-menu" />
          ) : (
            <span className="text-secondary cp-preview__none">{t('system.customMenus.preview.noTop')}</span>
          )}
        </div>
        <div className="cp-preview__side">
          {side.length > 0 ? (
            <Menu mode="inline" theme="dark" selectable={false} items={side} inlineIndent={16} />
          ) : (
            <p className="cp-preview__none cp-preview__none--dark">
              {t('system.customMenus.preview.noSide')}
            </p>
          )}
        </div>
      </div>
      <p className="text-secondary cp-preview__hint">{t('system.customMenus.preview.hint')}</p>
    </div>
  );
}
