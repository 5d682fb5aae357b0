// The export button of a report (contract C) on the shared lib/exports flow: queues a job in the export centre;
// over the row cap (110525) it asks first, naming the rows, then posts again with confirm: true; once queued, a
// message links to the export centre.
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

import { useStartExport, type ExportRequest } from '@/lib/exports';

interface ExportButtonProps {
  request: Omit<ExportRequest, 'confirm'>;
  label: string;
  disabled?: boolean;
}

export function ExportButton({ request, label, disabled }: ExportButtonProps) {
  const start = useStartExport();
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={start.isPending}
      disabled={disabled}
      onClick={() => start.mutate({ ...request, confirm: false })}
    >
      {label}
    </Button>
  );
}
