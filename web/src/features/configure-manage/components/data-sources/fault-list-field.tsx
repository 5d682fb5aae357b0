// The alarm conditions of a data source (Form.List "faults"): compare with a threshold or a bit that is 1, each with
// an alarm name, a level 1–5 and a message; at most FAULTS_PER_DATA_SOURCE_MAX rows.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import {
  ALARM_INFO_MAX,
  ALARM_NAME_MAX,
  FAULTS_PER_DATA_SOURCE_MAX,
  FAULT_BIT_MAX,
  FAULT_OPS,
} from '@/types/limits.gen';
import { NEW_FAULT } from '../../lib/data-source-form';
import type { FaultKind } from '../../types-data-source';
import { alarmLevelOptions } from '@/components/alarms/alarm-options';
import { QUARTER } from './form-grid';

function FaultRow({ index, kinds, onRemove }: { index: number; kinds: FaultKind[]; onRemove: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind = Form.useWatch(['faults', index, 'kind'], form) as FaultKind | undefined;
  const n = index + 1;
  return (
    <div className="ds-fault" data-testid={`fault-${index}`}>
      <div className="ds-fault__head">
        <Typography.Text type="secondary">{t('configure.dataSource.fault.rowTitle', { n })}</Typography.Text>
        <Tooltip title={t('configure.dataSource.fault.remove', { n })}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('configure.dataSource.fault.remove', { n })}
            onClick={onRemove}
          />
        </Tooltip>
      </div>
      <Row gutter={12}>
        <Col {...QUARTER}>
          <Form.Item name={[index, 'kind']} label={t('configure.dataSource.fault.kindLabel')}>
            <Select
              options={kinds.map((k) => ({ value: k, label: t(`configure.dataSource.fault.kind.${k}`) }))}
            />
          </Form.Item>
        </Col>
        {kind === 'bit' ? (
          <Col {...QUARTER}>
            <Form.Item
              name={[index, 'bit_index']}
              label={t('configure.dataSource.fault.bitIndex')}
              rules={[
                { required: true, message: t('configure.dataSource.validation.faultBit') },
                {
                  type: 'integer',
                  min: 0,
                  max: FAULT_BIT_MAX,
                  message: t('configure.dataSource.validation.faultBit'),
                },
              ]}
            >
              <InputNumber min={0} max={FAULT_BIT_MAX} precision={0} className="ds-full" />
            </Form.Item>
          </Col>
        ) : (
          <>
            <Col {...QUARTER}>
              <Form.Item name={[index, 'op']} label={t('configure.dataSource.fault.opLabel')}>
                <Select
                  options={FAULT_OPS.map((op) => ({
                    value: op,
                    label: t(`configure.dataSource.fault.op.${op}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col {...QUARTER}>
              <Form.Item
                name={[index, 'threshold']}
                label={t('configure.dataSource.fault.threshold')}
                rules={[{ required: true, message: t('configure.dataSource.validation.threshold') }]}
              >
                <InputNumber className="ds-full" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col {...QUARTER}>
          <Form.Item name={[index, 'level']} label={t('configure.dataSource.fault.level')}>
            <Select options={alarmLevelOptions(t)} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={9}>
          <Form.Item
            name={[index, 'alarm_name']}
            label={t('configure.dataSource.fault.alarmName')}
            rules={[
              { required: true, whitespace: true, message: t('configure.dataSource.validation.alarmName') },
              {
                max: ALARM_NAME_MAX,
                message: t('configure.dataSource.validation.max', { max: ALARM_NAME_MAX }),
              },
            ]}
          >
            <Input maxLength={ALARM_NAME_MAX} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={15}>
          <Form.Item
            name={[index, 'info']}
            label={t('configure.dataSource.fault.info')}
            rules={[
              {
                max: ALARM_INFO_MAX,
                message: t('configure.dataSource.validation.max', { max: ALARM_INFO_MAX }),
              },
            ]}
          >
            <Input maxLength={ALARM_INFO_MAX} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}

export function FaultListField({ kinds }: { kinds: FaultKind[] }) {
  const { t } = useTranslation();
  if (kinds.length === 0) {
    return <Typography.Text type="secondary">{t('configure.dataSource.fault.notForString')}</Typography.Text>;
  }
  return (
    <Form.List name="faults">
      {(fields, { add, remove }, { errors }) => (
        <div className="ds-faults">
          {fields.length === 0 && (
            <Typography.Text type="secondary" className="ds-faults__empty">
              {t('configure.dataSource.fault.empty')}
            </Typography.Text>
          )}
          {fields.map((field) => (
            <FaultRow key={field.key} index={field.name} kinds={kinds} onRemove={() => remove(field.name)} />
          ))}
          <div className="ds-faults__foot">
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= FAULTS_PER_DATA_SOURCE_MAX}
              onClick={() => add({ ...NEW_FAULT, kind: kinds[0] ?? 'compare' })}
            >
              {t('configure.dataSource.fault.add')}
            </Button>
            <Typography.Text type="secondary">
              {t('configure.dataSource.fault.limit', {
                count: fields.length,
                max: FAULTS_PER_DATA_SOURCE_MAX,
              })}
            </Typography.Text>
          </div>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
