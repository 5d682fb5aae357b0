// Import devices from a spreadsheet: pick a file (checked here: type, 20 MB), upload with progress, then the
// server's verdict per row with the reason translated from the error catalogue.
import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Statistic, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '../../../lib/http';
import { translateCode } from '../../../lib/i18n';
import { useImportTemplate } from '../api/get-import-template';
import { useImportDevices } from '../api/import-devices';
import { saveBlob } from '../lib/download';
import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES, checkImportFile } from '../lib/rules';
import type { ImportResult, ImportRowResult } from '../types';
import { EMPTY } from '../../../lib/empty';
import { DataTable } from '../../../components/table/data-table';

const MAX_MB = Math.round(IMPORT_MAX_BYTES / (1024 * 1024));

export function ImportDevicesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useImportDevices();
  const template = useImportTemplate();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [onlyFailed, setOnlyFailed] = useState(false);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setPercent(null);
    setResult(null);
    setOnlyFailed(false);
  };

  const start = async () => {
    if (!file) return;
    setProblem(null);
    setPercent(0);
    try {
      setResult(await upload.mutateAsync({ file, onProgress: setPercent }));
    } catch (e) {
      setPercent(null);
      setProblem(isApiError(e) ? e.detail : String(e));
    }
  };

  const downloadTemplate = () => {
    template.mutateAsync().then(
      (blob) => saveBlob(blob, t('device.import.templateFile')),
      () => undefined,
    );
  };

  const reason = (row: ImportRowResult): string => {
    if (row.ok) return EMPTY;
    return translateCode(String(row.code)) || row.message || t('device.import.failedRow');
  };

  const rows = result ? (onlyFailed ? result.rows.filter((r) => !r.ok) : result.rows) : [];

  return (
    <Modal
      open={open}
      title={t('device.import.title')}
      width={result ? 760 : 560}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={reset}
      footer={
        result ? (
          <Space>
            <Button onClick={reset}>{t('device.import.again')}</Button>
            <Button type="primary" onClick={onClose}>
              {t('device.action.done')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="primary" disabled={!file} loading={upload.isPending} onClick={() => void start()}>
              {t('device.import.start')}
            </Button>
          </Space>
        )
      }
    >
      {result ? (
        <div className="devreg-import__result">
          <div className="devreg-import__stats">
            <Statistic title={t('device.import.total')} value={result.total} />
            <Statistic
              title={t('device.import.succeeded')}
              value={result.succeeded}
              styles={{ content: { color: '#00b42a' } }}
            />
            <Statistic
              title={t('device.import.failed')}
              value={result.failed}
              styles={{ content: { color: result.failed > 0 ? '#f53f3f' : undefined } }}
            />
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
                      <CheckCircleFilled />{' '}
                      {result.imported ? t('device.import.ok') : t('device.import.valid')}
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
      ) : (
        <>
          <Typography.Paragraph type="secondary" className="devreg-import__intro">
            {t('device.import.intro')}{' '}
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              loading={template.isPending}
              onClick={downloadTemplate}
            >
              {t('device.import.template')}
            </Button>
          </Typography.Paragraph>
          <Upload.Dragger
            accept={IMPORT_EXTENSIONS.join(',')}
            multiple={false}
            maxCount={1}
            disabled={upload.isPending}
            fileList={
              file
                ? [{ uid: 'import', name: file.name, size: file.size, status: problem ? 'error' : 'done' }]
                : []
            }
            beforeUpload={(picked) => {
              const issue = checkImportFile(picked);
              setPercent(null);
              if (issue) {
                setFile(null);
                setProblem(t(`device.import.problem.${issue}`, { max: MAX_MB }));
              } else {
                setFile(picked);
                setProblem(null);
              }
              return Upload.LIST_IGNORE;
            }}
            onRemove={() => {
              setFile(null);
              setProblem(null);
              setPercent(null);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('device.import.drop')}</p>
            <p className="ant-upload-hint">{t('device.import.hint', { max: MAX_MB })}</p>
          </Upload.Dragger>
          {percent !== null && (
            <Progress
              className="devreg-import__progress"
              percent={percent}
              status={upload.isPending ? 'active' : 'normal'}
              format={(p) => (p === 100 && upload.isPending ? t('device.import.processing') : `${p ?? 0}%`)}
            />
          )}
          {problem && <Alert className="devreg-import__alert" type="error" showIcon title={problem} />}
        </>
      )}
    </Modal>
  );
}
