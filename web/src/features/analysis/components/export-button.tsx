// The export button of a report (contract C): queues a job in the export centre; over the row cap (110525) it asks
// first, naming the rows, then posts again with confirm: true; once queued, a message links to the export centre.
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { isApiError } from '@/lib/http';
import { confirmDialog, toast } from '@/lib/toast';
import { EXPORT_ROW_CAP } from '@/types/limits.gen';
import { createExport } from '../api/create-export';
import { exportWithConfirm } from '../lib/export';
import type { ExportRequest } from '../types';

/** The export centre's route (built by another page). */
export const EXPORT_CENTRE_PATH = '/exportCenter';

interface ExportButtonProps {
  request: Omit<ExportRequest, 'confirm'>;
  label: string;
  disabled?: boolean;
}

export function ExportButton({ request, label, disabled }: ExportButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const job = await exportWithConfirm(request, {
        post: createExport,
        confirm: (detail) =>
          confirmDialog({
            type: 'warning',
            title: t('reports.export.capTitle'),
            content: t('reports.export.capContent', { detail, cap: EXPORT_ROW_CAP }),
            okText: t('reports.export.capOk', { cap: EXPORT_ROW_CAP }),
            cancelText: t('common.action.cancel'),
          }),
      });
      if (job)
        toast.success(
          <span>
            {t('reports.export.queued', { name: job.file_name || job.title })}{' '}
            <a
              href={EXPORT_CENTRE_PATH}
              onClick={(e) => {
                e.preventDefault();
                void navigate(EXPORT_CENTRE_PATH);
              }}
            >
              {t('reports.export.openCentre')}
            </a>
          </span>,
          { duration: 8000 },
        );
    } catch (error) {
      toast.error(isApiError(error) ? error.detail : t('reports.export.failed'));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={running} disabled={disabled} onClick={() => void run()}>
      {label}
    </Button>
  );
}
