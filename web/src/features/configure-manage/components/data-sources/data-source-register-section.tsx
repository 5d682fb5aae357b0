// The register section of the data source form: data type, area, address and the fields they bring (bit index,
// string length, byte and word order, read/write).
import { Col, Divider, Form, InputNumber, Select, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { BYTE_ORDERS, DATA_TYPES, REGISTER_BIT_MAX, STRING_LENGTH_MAX } from '@/types/limits.gen';
import { areasFor, type ApplicableFields } from '../../lib/data-source-fields';
import type { ByteOrder } from '../../types-data-source';
import { QUARTER } from './form-grid';

interface RegisterSectionProps {
  fields: ApplicableFields;
  /** The watched data type (picks the areas). */
  type: string;
  maxAddress: number;
  /** Registers the value spans. */
  span: number;
  /** The Modbus reference of the address, shown under it. */
  reference: string;
}

export function RegisterSection({ fields, type, maxAddress, span, reference }: RegisterSectionProps) {
  const { t } = useTranslation();
  const required = { required: true, message: t('configure.dataSource.validation.required') };
  const orderOptions = (kind: 'byteOrder' | 'wordOrder') =>
    BYTE_ORDERS.map((o) => ({ value: o as ByteOrder, label: t(`configure.dataSource.${kind}.${o}`) }));

  return (
    <>
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
    </>
  );
}
