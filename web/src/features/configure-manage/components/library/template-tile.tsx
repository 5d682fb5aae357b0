// One template as a tile of a tile group: name, its main screen's thumbnail, publication, bound devices and screens; a checkbox selects it for
// moving, the name opens the template's overview.
import { Checkbox, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatTime } from '../../lib/library-format';
import { TemplateThumbnail } from '../template-thumbnail';
import { middlewarePath } from '../../lib/library-paths';
import type { LibraryTemplate } from '../../types-library';

interface TemplateTileProps {
  template: LibraryTemplate;
  selected: boolean;
  onToggle: (selected: boolean) => void;
}

export function TemplateTile({ template, selected, onToggle }: TemplateTileProps) {
  const { t } = useTranslation();
  return (
    <div
      className={`tpl-tile${selected ? ' tpl-tile--selected' : ''}${template.published ? ' tpl-tile--published' : ''}`}
      data-testid={`template-tile-${template.id}`}
    >
      <div className="tpl-tile__head">
        <Checkbox
          checked={selected}
          aria-label={t('configure.tileGroup.selectTemplate', { name: template.name })}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <Link to={middlewarePath(template.id)} className="tpl-tile__name" title={template.name}>
          {template.name}
        </Link>
      </div>
      <TemplateThumbnail templateId={template.id} name={template.name} className="tpl-tile__thumb" />
      <div className="tpl-tile__tags">
        {template.published ? (
          <Tag color="green" variant="filled">
            {t('configure.tileGroup.published', { version: template.published_release ?? 1 })}
          </Tag>
        ) : (
          <Tag variant="filled">{t('configure.tileGroup.unpublished')}</Tag>
        )}
        <Tag variant="outlined">{t(`configure.tileGroup.type.${template.type}`)}</Tag>
      </div>
      <dl className="tpl-tile__facts">
        <div>
          <dt>{t('configure.tileGroup.fact.bound')}</dt>
          <dd>{template.bound_count}</dd>
        </div>
        <div>
          <dt>{t('configure.tileGroup.fact.screens')}</dt>
          <dd>{template.web_screens + template.mobile_screens}</dd>
        </div>
        <div>
          <dt>{t('configure.tileGroup.fact.sources')}</dt>
          <dd>{template.data_source_count}</dd>
        </div>
      </dl>
      <Typography.Text type="secondary" className="tpl-tile__time">
        {t('configure.tileGroup.updated', { time: formatTime(template.updated_at) })}
      </Typography.Text>
    </div>
  );
}
