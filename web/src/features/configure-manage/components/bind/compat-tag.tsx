// Whether a device's firmware reads every data type the chosen template uses; the missing types otherwise.
import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import type { BindRow } from '../../types-library';

export function CompatTag({ row }: { row: Pick<BindRow, 'supported' | 'missing_types'> }) {
  const { t } = useTranslation();
  if (row.supported)
    return (
      <Tag color="success" variant="filled" icon={<CheckCircleOutlined />}>
        {t('configure.bind.compat.supported')}
      </Tag>
    );
  const types = row.missing_types.join(', ');
  return (
    <Tooltip title={t('configure.bind.compat.missingHint', { types })}>
      <Tag color="warning" variant="filled" icon={<WarningOutlined />} className="tpl-lib-compat">
        {t('configure.bind.compat.missing', { types })}
      </Tag>
    </Tooltip>
  );
}
