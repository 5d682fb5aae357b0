// Import data sources from a spreadsheet (components/import-dialog): the file checked here (type, 20 MB), then
// created/updated/failed counts and the failing rows with field and reason.
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { ImportCount, ImportDialog } from '@/components/import-dialog';
import { translateCode } from '@/lib/i18n';
import { useImportDataSources } from '../../api/data-source-import';
import { useDataSourceImportTemplate } from '../../api/data-source-import-template';
import { checkImportFile, IMPORT_EXTENSIONS, IMPORT_MAX_MB } from '../../lib/data-source-import';
import type { DataSourceImportError, DataSourceImportResult } from '../../types-data-source';
import { saveBlob } from '@/lib/download';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';
import { perOpening } from '@/components/per-opening';

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

export const ImportDataSourcesModal = perOpening(function ImportDataSourcesModal({
  templateId,
  open,
  onClose,
}: ImportDataSourcesModalProps) {
  const { t } = useTranslation();
  const upload = useImportDataSources(templateId);
  const template = useDataSourceImportTemplate();
  return (
    <ImportDialog<DataSourceImportResult>
      open={open}
      onClose={onClose}
      block="ds-import"
      texts={{
        title: t('configure.dataSource.import.title'),
        intro: t('configure.dataSource.import.intro'),
        template: t('configure.dataSource.import.template'),
        drop: t('configure.dataSource.import.drop'),
        hint: t('configure.dataSource.import.hint', { max: IMPORT_MAX_MB }),
        processing: t('configure.dataSource.import.processing'),
        start: t('configure.dataSource.import.start'),
        again: t('configure.dataSource.import.again'),
        done: t('configure.dataSource.import.done'),
      }}
      accept={IMPORT_EXTENSIONS}
      check={(file) => {
        const issue = checkImportFile(file);
        return issue ? t(`configure.dataSource.import.problem.${issue}`, { max: IMPORT_MAX_MB }) : null;
      }}
      upload={upload}
      downloadTemplate={() => {
        template.mutateAsync().then(
          (blob) => saveBlob(blob, t('configure.dataSource.import.templateFile')),
          () => undefined,
        );
      }}
      templatePending={template.isPending}
      renderResult={(result) => <ImportDataSourcesResult result={result} />}
    />
  );
});

function ImportDataSourcesResult({ result }: { result: DataSourceImportResult }) {
  const { t } = useTranslation();

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
    <div className="ds-import__result">
      <div className="ds-import__stats">
        <ImportCount title={t('configure.dataSource.import.total')} value={result.total} />
        <ImportCount title={t('configure.dataSource.import.created')} value={result.created} tone="success" />
        <ImportCount title={t('configure.dataSource.import.updated')} value={result.updated} tone="primary" />
        <ImportCount title={t('configure.dataSource.import.failed')} value={result.failed} tone="danger" />
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
        <Result status="success" title={t('configure.dataSource.import.allOk')} className="ds-import__ok" />
      )}
    </div>
  );
}
