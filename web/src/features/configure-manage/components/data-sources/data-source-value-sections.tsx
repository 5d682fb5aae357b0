// The value and history sections of the data source form: scale, offset, unit, decimals and the write range of a
// numeric source; the history mode, its interval and aggregate.
import { Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';

import {
  AGGREGATES,
  DATA_SOURCE_UNIT_MAX,
  DECIMALS_MAX,
  HISTORY_INTERVAL_MAX_S,
  HISTORY_MODES,
} from '@/types/limits.gen';
import type { ApplicableFields } from '../../lib/data-source-fields';
import { QUARTER, THIRD } from './form-grid';

interface SectionProps {
  fields: ApplicableFields;
}

export function ValueSection({ fields }: SectionProps) {
  const { t } = useTranslation();
  const required = { required: true, message: t('configure.dataSource.validation.required') };
  return (
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
  );
}

interface HistorySectionProps extends SectionProps {
  /** The watched history mode. */
  history: string | undefined;
}

export function HistorySection({ fields, history }: HistorySectionProps) {
  const { t } = useTranslation();
  const required = { required: true, message: t('configure.dataSource.validation.required') };
  return (
    <>
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
    </>
  );
}
