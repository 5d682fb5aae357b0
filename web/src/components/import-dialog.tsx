// A spreadsheet import dialog: the template to download, one file picked (checked by the caller: type, size), the
// upload with its progress, then the caller's result (counts and a table of row errors) with "again" and "done".
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Statistic, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { colors } from '@/lib/theme';

export interface ImportDialogTexts {
  title: string;
  intro: string;
  template: string;
  drop: string;
  hint: string;
  processing: string;
  start: string;
  again: string;
  done: string;
}

export interface ImportDialogProps<R> {
  open: boolean;
  onClose: () => void;
  texts: ImportDialogTexts;
  /** The file endings the picker offers (".xlsx", …). */
  accept: readonly string[];
  /** Why the picked file cannot be sent (translated), or null. */
  check: (file: File) => string | null;
  upload: {
    mutateAsync: (v: { file: File; onProgress: (percent: number) => void }) => Promise<R>;
    isPending: boolean;
  };
  /** Downloads the spreadsheet template. */
  downloadTemplate: () => void;
  templatePending: boolean;
  renderResult: (result: R) => ReactNode;
  /** The block class of the dialog's parts: `${block}__intro`, `__progress`, `__alert`. */
  block: string;
}

export function ImportDialog<R>(props: ImportDialogProps<R>) {
  const { open, onClose, texts, upload, block } = props;
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<R | null>(null);

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

  const footer =
    result !== null ? (
      <Space>
        <Button onClick={reset}>{texts.again}</Button>
        <Button type="primary" onClick={onClose}>
          {texts.done}
        </Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={onClose}>{t('common.action.cancel')}</Button>
        <Button type="primary" disabled={!file} loading={upload.isPending} onClick={() => void start()}>
          {texts.start}
        </Button>
      </Space>
    );

  return (
    <Modal
      open={open}
      title={texts.title}
      width={result !== null ? 760 : 560}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={reset}
      footer={footer}
    >
      {result !== null ? (
        props.renderResult(result)
      ) : (
        <>
          <Typography.Paragraph type="secondary" className={`${block}__intro`}>
            {texts.intro}{' '}
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              loading={props.templatePending}
              onClick={props.downloadTemplate}
            >
              {texts.template}
            </Button>
          </Typography.Paragraph>
          <Upload.Dragger
            accept={props.accept.join(',')}
            multiple={false}
            maxCount={1}
            disabled={upload.isPending}
            fileList={
              file
                ? [{ uid: 'import', name: file.name, size: file.size, status: problem ? 'error' : 'done' }]
                : []
            }
            beforeUpload={(picked) => {
              const issue = props.check(picked);
              setPercent(null);
              setFile(issue ? null : picked);
              setProblem(issue);
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
            <p className="ant-upload-text">{texts.drop}</p>
            <p className="ant-upload-hint">{texts.hint}</p>
          </Upload.Dragger>
          {percent !== null && (
            <Progress
              className={`${block}__progress`}
              percent={percent}
              status={upload.isPending ? 'active' : 'normal'}
              format={(p) => (p === 100 && upload.isPending ? texts.processing : `${p ?? 0}%`)}
            />
          )}
          {problem && <Alert className={`${block}__alert`} type="error" showIcon title={problem} />}
        </>
      )}
    </Modal>
  );
}

/** One count of an import's result; a tone colours it (failed only when above zero). */
export function ImportCount({
  title,
  value,
  tone,
}: {
  title: string;
  value: number;
  tone?: 'success' | 'primary' | 'danger';
}) {
  const color = tone === 'danger' ? (value > 0 ? colors.danger : undefined) : tone ? colors[tone] : undefined;
  return <Statistic title={title} value={value} styles={{ content: { color } }} />;
}
