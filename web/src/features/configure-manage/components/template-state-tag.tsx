// A template's publication state: unpublished (grey), published vN (green), changed since publish (orange).
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { publishState } from '../lib/state';
import type { TemplateOut } from '../types';

type StateFields = Pick<TemplateOut, 'published' | 'published_release' | 'changed_since_publish'>;

export function TemplateStateTag({ template }: { template: StateFields }) {
  const { t } = useTranslation();
  const state = publishState(template);
  const version = template.published_release ?? 1;
  if (state === 'unpublished')
    return (
      <Tag className="tpl-state" variant="filled">
        {t('configure.template.state.unpublished')}
      </Tag>
    );
  const published = (
    <Tag className="tpl-state" color="success" variant="filled">
      {t('configure.template.state.published', { version })}
    </Tag>
  );
  if (state === 'published') return published;
  return (
    <span className="tpl-state-group">
      {published}
      <Tooltip title={t('configure.template.state.changedHint', { version })}>
        <Tag className="tpl-state tpl-state--changed" color="warning" variant="filled" tabIndex={0}>
          {t('configure.template.state.changed')}
        </Tag>
      </Tooltip>
    </span>
  );
}
