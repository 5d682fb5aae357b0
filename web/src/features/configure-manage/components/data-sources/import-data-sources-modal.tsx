// Import data sources from a spreadsheet: download the template, pick a file (type and 20 MB checked here), upload
// with progress, then created/updated/failed counts and the failing rows with field and reason.
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Result, Space, Statistic, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '../../../../lib/http';
import { translateCode } from '../../../../lib/i18n';
import { useImportDataSources } from '../../api/data-source-import';
import { useDataSourceImportTemplate } from '../../api/data-source-import-template';
import { checkImportFile, IMPORT_EXTENSIONS, IMPORT_MAX_MB } from '../../lib/data-source-import';
import type { DataSourceImportError, DataSourceImportResult } from '../../types-data-source';
import { saveBlob } from './save-file';
import { EMPTY } from '../../../../lib/empty';
import { DataTable } from '../../../../components/table/data-table';

/** Import columns (docs/api-templates.md) → the form's label of that setting. */
const IMPORT_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'configure.dataSource.field.name',
  group: 'configure.dataSource.field.group',
  data_type: 'configure.dataSource.field.dataType',
  area: 'configure.dataSource.field.area',
  address: 'configure.dataSource.field.address',
  bit_index: 'configure.dataSource.field.bitIndex',
  byte_order: 'configure.dataSource.field.byteOrder',
  word_order: 'configure.dataSource.field.wordOrder',
  string_length: 'configure.dataSource.field.stringLength',
  rw: 'configure.dataSource.field.rw',
  scale: 'configure.dataSource.field.scale',
  offset: 'configure.dataSource.field.offset',
  unit: 'configure.dataSource.field.unit',
  decimals: 'configure.dataSource.field.decimals',
  min_value: 'configure.dataSource.field.minValue',
  max_value: 'configure.dataSource.field.maxValue',
  history: 'configure.dataSource.field.history',
  history_interval_s: 'configure.dataSource.field.interval',
  aggregate: 'configure.dataSource.field.aggregate',
  faults: 'configure.dataSource.section.alarms',
  device_sn: 'configure.dataSource.field.device',
};

interface ImportDataSourcesModalProps {
  templateId: number;
  open: boolean;
  onClose: () => void;
}

export function ImportDataSourcesModal({ templateId, open, onClose }: ImportDataSourcesModalProps) {
  const { t } = useTranslation();
  const upload = useImportDataSources(templateId);
  const template = useDataSourceImportTemplate();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<DataSourceImportResult | null>(null);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setPercent(null);
    setResult(null);
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
      (blob) => saveBlob(blob, t('configure.dataSource.import.templateFile')),
      () => undefined,
    );
  };

  const fieldName = (field: string | null) => {
    if (!field) return EMPTY;
    const key = IMPORT_FIELD_LABELS[field];
    return key ? `${t(key)} (${field})` : field;
  };

  const reason = (row: DataSourceImportError): string => {
    if (row.message) return row.message;
    const code = String(row.code);
    return translateCode(code, { field: row.field ?? '' }) || code;
  };

  return (
    <Modal
      open={open}
      title={t('configure.dataSource.import.title')}
      width={result ? 760 : 560}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={reset}
      footer={
        result ? (
          <Space>
            <Button onClick={reset}>{t('configure.dataSource.import.again')}</Button>
            <Button type="primary" onClick={onClose}>
              {t('configure.dataSource.import.done')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="primary" disabled={!file} loading={upload.isPending} onClick={() => void start()}>
              {t('configure.dataSource.import.start')}
            </Button>
          </Space>
        )
      }
    >
      {result ? (
        <div className="ds-import__result">
          <div className="ds-import__stats">
            <Statistic title={t('configure.dataSource.import.total')} value={result.total} />
            <Statistic
              title={t('configure.dataSource.import.created')}
              value={result.created}
              styles={{ content: { color: '#00b42a' } }}
            />
            <Statistic
              title={t('configure.dataSource.import.updated')}
              value={result.updated}
              styles={{ content: { color: '#165dff' } }}
            />
            <Statistic
              title={t('configure.dataSource.import.failed')}
              value={result.failed}
              styles={{ content: { color: result.failed > 0 ? '#f53f3f' : undefined } }}
            />
          </div>
          {result.errors.length > 0 ? (
            <DataTable<DataSourceImportError>
              size="small"
              rowKey={(r) => `${r.row}-${r.field ?? ''}-${r.code}`}
              dataSource={result.errors}
              pagination={result.errors.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
              columns={[
                {
                  title: t('configure.dataSource.import.column.row'),
                  dataIndex: 'row',
                  key: 'row',
                  width: 70,
                },
                {
                  title: t('configure.dataSource.import.column.field'),
                  dataIndex: 'field',
                  key: 'field',
                  width: 200,
                  render: (v: string | null) => fieldName(v),
                },
                {
                  title: t('configure.dataSource.import.column.message'),
                  key: 'message',
                  render: (_: unknown, r) => <Typography.Text type="danger">{reason(r)}</Typography.Text>,
                },
              ]}
            />
          ) : (
            <Result
              status="success"
              title={t('configure.dataSource.import.allOk')}
              className="ds-import__ok"
            />
          )}
        </div>
      ) : (
        <>
          <Typography.Paragraph type="secondary" className="ds-import__intro">
            {t('configure.dataSource.import.intro')}{' '}
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              loading={template.isPending}
              onClick={downloadTemplate}
            >
              {t('configure.dataSource.import.template')}
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
                setProblem(t(`configure.dataSource.import.problem.${issue}`, { max: IMPORT_MAX_MB }));
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
            <p className="ant-upload-text">{t('configure.dataSource.import.drop')}</p>
            <p className="ant-upload-hint">{t('configure.dataSource.import.hint', { max: IMPORT_MAX_MB })}</p>
          </Upload.Dragger>
          {percent !== null && (
            <Progress
              className="ds-import__progress"
              percent={percent}
              status={upload.isPending ? 'active' : 'normal'}
              format={(p) =>
                p === 100 && upload.isPending ? t('configure.dataSource.import.processing') : `${p ?? 0}%`
              }
            />
          )}
          {problem && <Alert className="ds-import__alert" type="error" showIcon title={problem} />}
        </>
      )}
    </Modal>
  );
}
