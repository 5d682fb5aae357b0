// Import an SVG as a symbol of the tenant's library: the server sanitises the chosen file first (a preview that keeps
// nothing), the dialog shows the drawing as it will be kept and what was stripped, then names and files it. A file
// the server refuses (not SVG, a DOCTYPE, too large or complex) says why and cannot be imported.
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError, serverErrorPlace } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { previewSymbol, useImportSymbol } from './api/import-symbol';
import { categoryOptions } from './category-options';
import { SVG_SIZE_TEXT, SYMBOL_NAME_MAX } from './limits';
import { StrippedList } from './stripped-list';
import { cleanSymbolSvg } from './svg-markup';
import type { UserSymbol, UserSymbolCategory } from './types';
import { SvgMarkup } from './user-symbol-view';

interface Values {
  name: string;
  category: UserSymbolCategory;
}

interface ImportDialogProps {
  /** null: closed. */
  file: File | null;
  onClose: () => void;
  onImported: (symbol: UserSymbol) => void;
}

export function nameFromSvgFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, SYMBOL_NAME_MAX);
}

export const ImportDialog = perOpening(ImportDialogBody, { isOpen: (props) => props.file !== null });

function ImportDialogBody({ file, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const save = useImportSymbol();
  const preview = useQuery({
    queryKey: ['user-symbols', 'preview', file?.name, file?.size, file?.lastModified],
    queryFn: () => (file ? previewSymbol(file) : Promise.reject(new Error('no file'))),
    enabled: file !== null,
    retry: false,
    gcTime: 0,
  });
  const markup = preview.data ? cleanSymbolSvg(preview.data.svg) : null;

  const onFinish = async (values: Values) => {
    if (!file) return;
    try {
      const answer = await save.mutateAsync({ file, name: values.name.trim(), category: values.category });
      if (answer.symbol) {
        toast.success(t('designer.userSymbols.import.done'));
        onImported(answer.symbol);
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'category']));
    }
  };

  return (
    <FormModal<Values>
      open={file !== null}
      title={t('designer.userSymbols.import.title')}
      width={560}
      form={form}
      name="symbol-import"
      initialValues={{ name: file ? nameFromSvgFile(file.name) : '', category: 'other' }}
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('designer.userSymbols.import.submit')}
      okButtonProps={{ disabled: !preview.data }}
      intro={
        <div className="user-symbols__import" data-testid="symbol-import">
          <Typography.Paragraph type="secondary">
            {t('designer.userSymbols.import.hint', { file: file?.name ?? '', size: SVG_SIZE_TEXT })}
          </Typography.Paragraph>
          {preview.isPending && <Spin />}
          {preview.isError && (
            <Alert
              type="error"
              showIcon
              data-testid="symbol-refused"
              title={t('designer.userSymbols.import.refused')}
              description={serverErrorPlace(preview.error, []).text}
            />
          )}
          {preview.data && (
            <div className="user-symbols__preview-row">
              <div className="user-symbols__preview" data-testid="symbol-preview">
                {markup && <SvgMarkup markup={markup.markup} />}
              </div>
              <div className="user-symbols__preview-notes">
                <StrippedList stripped={preview.data.stripped} />
              </div>
            </div>
          )}
        </div>
      }
    >
      <Form.Item
        name="name"
        label={t('designer.userSymbols.name')}
        rules={[{ required: true, whitespace: true, message: t('designer.userSymbols.nameRequired') }]}
      >
        <Input autoComplete="off" maxLength={SYMBOL_NAME_MAX} showCount />
      </Form.Item>
      <Form.Item name="category" label={t('designer.userSymbols.category')}>
        <Select options={categoryOptions(t)} />
      </Form.Item>
    </FormModal>
  );
}
