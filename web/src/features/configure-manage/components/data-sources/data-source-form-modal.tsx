// Add or edit a data source: fields show and hide by data type, area, access and history mode; the server's field
// errors appear next to their field (meta.field, or the field the code concerns).
import { Col, Divider, Form, Input, InputNumber, Row, Select, Typography, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '../../../../components/form-modal';
import { isApiError } from '../../../../lib/http';
import { toast } from '../../../../lib/toast';
import {
  AGGREGATES,
  BYTE_ORDERS,
  DATA_SOURCE_NAME_MAX,
  DATA_SOURCE_UNIT_MAX,
  DATA_TYPES,
  DECIMALS_MAX,
  HISTORY_INTERVAL_MAX_S,
  HISTORY_MODES,
  REGISTER_BIT_MAX,
  STRING_LENGTH_MAX,
} from '../../../../types/limits.gen';
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
  areasFor,
  maxStartAddress,
  modbusReference,
  registerSpan,
} from '../../lib/data-source-fields';
import type { ByteOrder, DataSourceGroupOut, DataSourceOut } from '../../types-data-source';
import { DevicePicker } from './device-picker';
import { FaultListField } from './fault-list-field';
import { HALF, QUARTER, THIRD } from './form-grid';

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

export function DataSourceFormModal({
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

  const orderOptions = (kind: 'byteOrder' | 'wordOrder') =>
    BYTE_ORDERS.map((o) => ({ value: o as ByteOrder, label: t(`configure.dataSource.${kind}.${o}`) }));

  const required = { required: true, message: t('configure.dataSource.validation.required') };

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

      <Divider titlePlacement="start" className="ds-form__section">
        {t('configure.dataSource.section.register')}
      </Divider>
      <Row gutter={16}>
        <Col {...QUARTER}>
          <Form.Item name="data_type" label={t('configure.dataSource.field.dataType')}>
            <Select
              options={DATA_TYPES.map((d) => ({
                value: d,
                label: (
                  <span className="ds-type-option">
                    <span>{d}</span>
                    <Typography.Text type="secondary">
                      {t(`configure.dataSource.typeName.${d}`)}
                    </Typography.Text>
                  </span>
                ),
              }))}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
        </Col>
        <Col {...QUARTER}>
          <Form.Item name="area" label={t('configure.dataSource.field.area')}>
            <Select
              options={areasFor(type).map((a) => ({ value: a, label: t(`configure.dataSource.area.${a}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...QUARTER}>
          <Form.Item
            name="address"
            label={t('configure.dataSource.field.address')}
            rules={[
              required,
              {
                type: 'integer',
                min: 0,
                max: maxAddress,
                message: t('configure.dataSource.validation.address', { max: maxAddress, n: span }),
              },
            ]}
            extra={t('configure.dataSource.field.addressHint', { ref: reference, n: span })}
          >
            <InputNumber min={0} max={maxAddress} precision={0} className="ds-full" />
          </Form.Item>
        </Col>
        {fields.bitIndex && (
          <Col {...QUARTER}>
            <Form.Item
              name="bit_index"
              label={t('configure.dataSource.field.bitIndex')}
              rules={[
                required,
                { type: 'integer', min: 0, max: 15, message: t('configure.dataSource.validation.bitIndex') },
              ]}
            >
              <InputNumber min={0} max={REGISTER_BIT_MAX} precision={0} className="ds-full" />
            </Form.Item>
          </Col>
        )}
        {fields.stringLength && (
          <Col {...QUARTER}>
            <Form.Item
              name="string_length"
              label={t('configure.dataSource.field.stringLength')}
              rules={[
                required,
                {
                  type: 'integer',
                  min: 1,
                  max: STRING_LENGTH_MAX,
                  message: t('configure.dataSource.validation.stringLength', { max: STRING_LENGTH_MAX }),
                },
              ]}
            >
              <InputNumber min={1} max={STRING_LENGTH_MAX} precision={0} className="ds-full" />
            </Form.Item>
          </Col>
        )}
        {fields.byteOrder && (
          <Col {...QUARTER}>
            <Form.Item name="byte_order" label={t('configure.dataSource.field.byteOrder')}>
              <Select options={orderOptions('byteOrder')} />
            </Form.Item>
          </Col>
        )}
        {fields.wordOrder && (
          <Col {...QUARTER}>
            <Form.Item name="word_order" label={t('configure.dataSource.field.wordOrder')}>
              <Select options={orderOptions('wordOrder')} />
            </Form.Item>
          </Col>
        )}
        <Col {...QUARTER}>
          <Form.Item
            name="rw"
            label={t('configure.dataSource.field.rw')}
            {...(fields.rwEditable ? {} : { extra: t('configure.dataSource.field.rwLocked') })}
          >
            <Select
              disabled={!fields.rwEditable}
              options={(['r', 'rw'] as const).map((v) => ({
                value: v,
                label: t(`configure.dataSource.rw.${v}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>

      {fields.numeric && (
        <>
          <Divider titlePlacement="start" className="ds-form__section">
            {t('configure.dataSource.section.value')}
          </Divider>
          <Row gutter={16}>
            <Col {...QUARTER}>
              <Form.Item
                name="scale"
                label={t('configure.dataSource.field.scale')}
                rules={[
                  required,
                  {
                    validator: (_, value: number | null | undefined) =>
                      value === 0
                        ? Promise.reject(new Error(t('configure.dataSource.validation.scaleNonZero')))
                        : Promise.resolve(),
                  },
                ]}
                tooltip={t('configure.dataSource.field.scaleHint')}
              >
                <InputNumber className="ds-full" />
              </Form.Item>
            </Col>
            <Col {...QUARTER}>
              <Form.Item name="offset" label={t('configure.dataSource.field.offset')} rules={[required]}>
                <InputNumber className="ds-full" />
              </Form.Item>
            </Col>
            <Col {...QUARTER}>
              <Form.Item
                name="unit"
                label={t('configure.dataSource.field.unit')}
                rules={[
                  {
                    max: DATA_SOURCE_UNIT_MAX,
                    message: t('configure.dataSource.validation.max', { max: DATA_SOURCE_UNIT_MAX }),
                  },
                ]}
              >
                <Input maxLength={DATA_SOURCE_UNIT_MAX} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...QUARTER}>
              <Form.Item
                name="decimals"
                label={t('configure.dataSource.field.decimals')}
                rules={[
                  required,
                  {
                    type: 'integer',
                    min: 0,
                    max: DECIMALS_MAX,
                    message: t('configure.dataSource.validation.decimals', { max: DECIMALS_MAX }),
                  },
                ]}
              >
                <InputNumber min={0} max={DECIMALS_MAX} precision={0} className="ds-full" />
              </Form.Item>
            </Col>
            {fields.writeRange && (
              <>
                <Col {...QUARTER}>
                  <Form.Item name="min_value" label={t('configure.dataSource.field.minValue')}>
                    <InputNumber className="ds-full" />
                  </Form.Item>
                </Col>
                <Col {...QUARTER}>
                  <Form.Item
                    name="max_value"
                    label={t('configure.dataSource.field.maxValue')}
                    dependencies={['min_value']}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_, value: number | null | undefined) => {
                          const min = getFieldValue('min_value') as number | null | undefined;
                          const hasMin = typeof min === 'number';
                          const hasMax = typeof value === 'number';
                          if (hasMin !== hasMax)
                            return Promise.reject(new Error(t('configure.dataSource.validation.rangeBoth')));
                          if (hasMin && hasMax && min > value)
                            return Promise.reject(new Error(t('configure.dataSource.validation.rangeOrder')));
                          return Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <InputNumber className="ds-full" />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
        </>
      )}

      <Divider titlePlacement="start" className="ds-form__section">
        {t('configure.dataSource.section.history')}
      </Divider>
      <Row gutter={16}>
        <Col {...THIRD}>
          <Form.Item name="history" label={t('configure.dataSource.field.history')}>
            <Select
              options={HISTORY_MODES.map((m) => ({
                value: m,
                label: t(`configure.dataSource.history.${m}`),
              }))}
            />
          </Form.Item>
        </Col>
        {fields.historyInterval && (
          <Col {...THIRD}>
            <Form.Item
              name="history_interval_s"
              label={t('configure.dataSource.field.interval')}
              rules={[
                required,
                {
                  type: 'integer',
                  min: 1,
                  max: HISTORY_INTERVAL_MAX_S,
                  message: t('configure.dataSource.validation.interval', { max: HISTORY_INTERVAL_MAX_S }),
                },
              ]}
            >
              <InputNumber min={1} max={HISTORY_INTERVAL_MAX_S} precision={0} className="ds-full" />
            </Form.Item>
          </Col>
        )}
        {history !== 'off' && (
          <Col {...THIRD}>
            <Form.Item name="aggregate" label={t('configure.dataSource.field.aggregate')}>
              <Select
                options={AGGREGATES.map((a) => ({
                  value: a,
                  label: t(`configure.dataSource.aggregate.${a}`),
                }))}
              />
            </Form.Item>
          </Col>
        )}
      </Row>

      <Divider titlePlacement="start" className="ds-form__section">
        {t('configure.dataSource.section.alarms')}
      </Divider>
      <FaultListField kinds={fields.faultKinds} />
    </FormModal>
  );
}
