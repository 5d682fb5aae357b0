// Add or edit a data source: fields show and hide by data type, area, access and history mode; the server's field
// errors appear next to their field (meta.field, or the field the code concerns).
import { Col, Divider, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { DATA_SOURCE_NAME_MAX } from '@/types/limits.gen';
import { useCreateDataSource } from '../../api/data-source-create';
import { useUpdateDataSource } from '../../api/data-source-update';
import {
  adjustForTypeAndArea,
  defaultFormValues,
  fieldOfError,
  toFormValues,
  toPayload,
  type DataSourceFormValues,
} from '../../lib/data-source-form';
import {
  applicableFields,
  maxStartAddress,
  modbusReference,
  registerSpan,
} from '../../lib/data-source-fields';
import type { DataSourceGroupOut, DataSourceOut } from '../../types-data-source';
import { RegisterSection } from './data-source-register-section';
import { HistorySection, ValueSection } from './data-source-value-sections';
import { DevicePicker } from './device-picker';
import { FaultListField } from './fault-list-field';
import { HALF, THIRD } from './form-grid';
import { perOpening } from '@/components/per-opening';

const FORM_FIELDS: readonly string[] = [
  'name',
  'group_id',
  'data_type',
  'area',
  'address',
  'bit_index',
  'byte_order',
  'word_order',
  'string_length',
  'rw',
  'scale',
  'offset',
  'unit',
  'decimals',
  'min_value',
  'max_value',
  'history',
  'history_interval_s',
  'aggregate',
  'faults',
  'device_id',
];

interface DataSourceFormModalProps {
  templateId: number;
  dataVersion: '1.0' | '2.0';
  open: boolean;
  /** null: create. */
  source: DataSourceOut | null;
  groups: DataSourceGroupOut[];
  /** The group a new data source goes to (the selected one, else the default group). */
  defaultGroupId: number | null;
  onClose: () => void;
}

export const DataSourceFormModal = perOpening(function DataSourceFormModal({
  templateId,
  dataVersion,
  open,
  source,
  groups,
  defaultGroupId,
  onClose,
}: DataSourceFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DataSourceFormValues>();
  const create = useCreateDataSource(templateId);
  const update = useUpdateDataSource(templateId);
  const [error, setError] = useState<string | null>(null);

  const initialValues = useMemo(
    () => (source ? toFormValues(source) : defaultFormValues(defaultGroupId)),
    [source, defaultGroupId],
  );
  const type = Form.useWatch<string | undefined>('data_type', form) ?? initialValues.data_type;
  const area = Form.useWatch<string | undefined>('area', form) ?? initialValues.area;
  const rw = Form.useWatch<string | undefined>('rw', form) ?? initialValues.rw;
  const history = Form.useWatch<string | undefined>('history', form) ?? initialValues.history;
  const address = Form.useWatch<number | null | undefined>('address', form) ?? initialValues.address;
  const bitIndex = Form.useWatch<number | null | undefined>('bit_index', form);
  const stringLength = Form.useWatch<number | null | undefined>('string_length', form);

  const fields = applicableFields({ type, area, rw, history, dataVersion });
  const span = registerSpan(type, stringLength);
  const maxAddress = maxStartAddress(type, stringLength);
  const reference = modbusReference(
    area,
    typeof address === 'number' ? address : 0,
    fields.bitIndex ? bitIndex : null,
  );

  const onFinish = async (values: DataSourceFormValues) => {
    const body = toPayload(values, { templateId, dataVersion });
    try {
      if (source) {
        await update.mutateAsync({ ...body, id: source.id });
        toast.success(t('configure.dataSource.saved'));
      } else {
        await create.mutateAsync(body);
        toast.success(t('configure.dataSource.created'));
      }
      onClose();
    } catch (e) {
      if (!isApiError(e)) {
        setError(e instanceof Error ? e.message : String(e));
        return;
      }
      // Server field paths are dynamic ("faults.1.level"), so the untyped view of the form takes them.
      const loose = form as FormInstance;
      const path = fieldOfError(e, FORM_FIELDS);
      if (path && loose.getFieldInstance(path) !== undefined) {
        loose.setFields([{ name: path, errors: [e.detail] }]);
        loose.scrollToField(path);
      } else if (path?.[0] === 'faults') {
        loose.setFields([{ name: 'faults', errors: [e.detail] }]);
      } else {
        setError(e.detail);
      }
    }
  };

  return (
    <FormModal<DataSourceFormValues>
      open={open}
      width={860}
      title={source ? t('configure.dataSource.editTitle') : t('configure.dataSource.createTitle')}
      form={form}
      name="data-source"
      initialValues={initialValues}
      loading={create.isPending || update.isPending}
      error={error}
      onErrorChange={setError}
      onValuesChange={(changed: Partial<DataSourceFormValues>, all) => {
        if ('data_type' in changed || 'area' in changed) {
          const next = adjustForTypeAndArea(all);
          if (next.area !== all.area || next.rw !== all.rw) form.setFieldsValue(next);
        }
      }}
      onClose={onClose}
      onFinish={onFinish}
      formProps={{ className: 'ds-form' }}
    >
      <Divider titlePlacement="start" className="ds-form__section">
        {t('configure.dataSource.section.basic')}
      </Divider>
      <Row gutter={16}>
        <Col {...(fields.device ? THIRD : HALF)}>
          <Form.Item
            name="name"
            label={t('configure.dataSource.field.name')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('configure.dataSource.validation.nameRequired'),
              },
              {
                max: DATA_SOURCE_NAME_MAX,
                message: t('configure.dataSource.validation.max', { max: DATA_SOURCE_NAME_MAX }),
              },
            ]}
          >
            <Input autoComplete="off" maxLength={DATA_SOURCE_NAME_MAX} showCount autoFocus />
          </Form.Item>
        </Col>
        <Col {...(fields.device ? THIRD : HALF)}>
          <Form.Item name="group_id" label={t('configure.dataSource.field.group')}>
            <Select
              options={groups.map((g) => ({
                value: g.id,
                label: g.name,
              }))}
            />
          </Form.Item>
        </Col>
        {fields.device && (
          <Col {...THIRD}>
            <Form.Item name="device_id" label={t('configure.dataSource.field.device')}>
              <DevicePicker
                current={
                  source?.device_id && source.device_sn
                    ? { id: source.device_id, sn: source.device_sn }
                    : null
                }
              />
            </Form.Item>
          </Col>
        )}
      </Row>

      <RegisterSection
        fields={fields}
        type={type}
        maxAddress={maxAddress}
        span={span}
        reference={reference}
      />

      {fields.numeric && <ValueSection fields={fields} />}

      <HistorySection fields={fields} history={history} />

      <Divider titlePlacement="start" className="ds-form__section">
        {t('configure.dataSource.section.alarms')}
      </Divider>
      <FaultListField kinds={fields.faultKinds} />
    </FormModal>
  );
});
