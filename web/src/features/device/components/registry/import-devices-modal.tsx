// Import devices from a spreadsheet (components/import-dialog): the file checked here (type, 20 MB), then the
// server's verdict per row with the reason translated from the error catalogue.
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ImportCount, ImportDialog } from '@/components/import-dialog';
import { DataTable } from '@/components/table/data-table';
import { EMPTY } from '@/lib/empty';
import { translateCode } from '@/lib/i18n';
import { useImportTemplate } from '../../api/get-import-template';
import { useImportDevices } from '../../api/import-devices';
import { saveBlob } from '@/lib/download';
import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES, checkImportFile } from '../../lib/rules';
import type { ImportResult, ImportRowResult } from '../../types';
import { perOpening } from '@/components/per-opening';

const MAX_MB = Math.round(IMPORT_MAX_BYTES / (1024 * 1024));

export const ImportDevicesModal = perOpening(function ImportDevicesModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const upload = useImportDevices();
  const template = useImportTemplate();
  return (
    <ImportDialog<ImportResult>
      open={open}
      onClose={onClose}
      block="devreg-import"
      texts={{
        title: t('device.import.title'),
        intro: t('device.import.intro'),
        template: t('device.import.template'),
        drop: t('device.import.drop'),
        hint: t('device.import.hint', { max: MAX_MB }),
        processing: t('device.import.processing'),
        start: t('device.import.start'),
        again: t('device.import.again'),
        done: t('device.action.done'),
      }}
      accept={IMPORT_EXTENSIONS}
      check={(file) => {
        const issue = checkImportFile(file);
        return issue ? t(`device.import.problem.${issue}`, { max: MAX_MB }) : null;
      }}
      upload={upload}
      downloadTemplate={() => {
        template.mutateAsync().then(
          (blob) => saveBlob(blob, t('device.import.templateFile')),
          () => undefined,
        );
      }}
      templatePending={template.isPending}
      renderResult={(result) => <ImportDevicesResult result={result} />}
    />
  );
});

function ImportDevicesResult({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const [onlyFailed, setOnlyFailed] = useState(false);

  const reason = (row: ImportRowResult): string => {
    if (row.ok) return EMPTY;
    return translateCode(String(row.code)) || row.message || t('device.import.failedRow');
  };

  const rows = onlyFailed ? result.rows.filter((r) => !r.ok) : result.rows;

  return (
    <div className="devreg-import__result">
      <div className="devreg-import__stats">
        <ImportCount title={t('device.import.total')} value={result.total} />
        <ImportCount title={t('device.import.succeeded')} value={result.succeeded} tone="success" />
        <ImportCount title={t('device.import.failed')} value={result.failed} tone="danger" />
      </div>
      {!result.imported && (
        <Alert
          type="warning"
          showIcon
          className="devreg-import__rolled-back"
          title={t('device.import.rolledBack', { count: result.failed })}
        />
      )}
      {result.failed > 0 && (
        <Button
          type="link"
          size="small"
          className="devreg-import__filter"
          onClick={() => setOnlyFailed((v) => !v)}
        >
          {onlyFailed ? t('device.import.showAll') : t('device.import.showFailed')}
        </Button>
      )}
      <DataTable<ImportRowResult>
        size="small"
        rowKey="row"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { title: t('device.import.column.row'), dataIndex: 'row', key: 'row', width: 70 },
          {
            title: t('device.import.column.sn'),
            dataIndex: 'sn_code',
            key: 'sn',
            width: 180,
            render: (v: string) => v || EMPTY,
          },
          {
            title: t('device.import.column.result'),
            key: 'ok',
            width: 100,
            render: (_: unknown, r) =>
              r.ok ? (
                <Typography.Text type="success">
                  <CheckCircleFilled /> {result.imported ? t('device.import.ok') : t('device.import.valid')}
                </Typography.Text>
              ) : (
                <Typography.Text type="danger">
                  <CloseCircleFilled /> {t('device.import.fail')}
                </Typography.Text>
              ),
          },
          {
            title: t('device.import.column.reason'),
            key: 'reason',
            width: 280,
            render: (_: unknown, r) => reason(r),
          },
        ]}
      />
    </div>
  );
}
