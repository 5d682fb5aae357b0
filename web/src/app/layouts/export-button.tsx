// The header's way to the export centre: a download icon with the number of the caller's exports still at work
// (polled every 2 s while there are some, refreshed when one is started).
import { DownloadOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { EXPORT_CENTER_PATH, useActiveExports } from '@/lib/exports';

export function ExportButton({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const running = useActiveExports(enabled).data ?? 0;
  const label =
    running > 0 ? t('layout.header.exportsRunning', { count: running }) : t('layout.header.exports');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={
          <Badge count={running} size="small" overflowCount={99}>
            <DownloadOutlined className="app-header__bell" />
          </Badge>
        }
        onClick={() => void navigate(EXPORT_CENTER_PATH)}
      />
    </Tooltip>
  );
}
