// The report's filters (at most REPORT_FILTERS_MAX): a field of the report's kind, one of the 11 operators, and its
// value — none for null / not_null, a minimum and a maximum for range (118207 when the maximum is below).
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { REPORT_FILTER_OPERATORS, REPORT_FILTERS_MAX } from '@/types/limits.gen';
import { fieldKey, filterValueKind, KIND_FIELDS, type TableKind } from '../lib/fields';
import {
  filterValue2Rule,
  RANGE_OPERATOR,
  VALUELESS_OPERATORS,
  type FilterValues,
  type ListRule,
} from '../lib/form';
import type { FilterOperator } from '../types';

const OPERATORS = REPORT_FILTER_OPERATORS as readonly FilterOperator[];

function ValueInput({ fieldId, label, ...rest }: { fieldId: number | undefined; label: string }) {
  const kind = filterValueKind(fieldId);
  if (kind === 'time')
    return (
      <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label={label} {...rest} />
    );
  if (kind === 'number') return <InputNumber aria-label={label} placeholder={label} {...rest} />;
  return <Input aria-label={label} placeholder={label} maxLength={64} {...rest} />;
}

export function FiltersEditor({ kind, rules }: { kind: TableKind; rules: ListRule[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const filters = (Form.useWatch('filters', form) as FilterValues[] | undefined) ?? [];
  return (
    <Form.List name="filters" rules={rules}>
      {(fields, { add, remove }, { errors }) => (
        <div className="report-filters">
          {fields.map((field, index) => {
            const row = filters[index];
            const operator = row?.operator ?? 'eq';
            const number = index + 1;
            return (
              <Space key={field.key} className="report-filters__row" wrap align="start">
                <Form.Item name={[field.name, 'field_id']} noStyle>
                  <Select<number>
                    className="report-filters__field"
                    aria-label={t('reports.filter.field', { n: number })}
                    placeholder={t('reports.filter.fieldPlaceholder')}
                    options={KIND_FIELDS[kind].fields.map((id) => ({ value: id, label: t(fieldKey(id)) }))}
                    onChange={() => form.setFieldValue(['filters', field.name, 'value'], undefined)}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'operator']} noStyle>
                  <Select<FilterOperator>
                    className="report-filters__operator"
                    aria-label={t('reports.filter.operator', { n: number })}
                    options={OPERATORS.map((op) => ({ value: op, label: t(`reports.operator.${op}`) }))}
                  />
                </Form.Item>
                {!VALUELESS_OPERATORS.has(operator) && (
                  <Form.Item name={[field.name, 'value']} noStyle>
                    <ValueInput
                      fieldId={row?.field_id}
                      label={
                        operator === RANGE_OPERATOR
                          ? t('reports.filter.min', { n: number })
                          : t('reports.filter.value', { n: number })
                      }
                    />
                  </Form.Item>
                )}
                {operator === RANGE_OPERATOR && (
                  <Form.Item
                    name={[field.name, 'value2']}
                    dependencies={[['filters', field.name, 'value']]}
                    rules={[filterValue2Rule(field.name)]}
                    className="report-filters__max"
                  >
                    <ValueInput fieldId={row?.field_id} label={t('reports.filter.max', { n: number })} />
                  </Form.Item>
                )}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('reports.filter.remove', { n: number })}
                  onClick={() => remove(field.name)}
                />
              </Space>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= REPORT_FILTERS_MAX}
            onClick={() => add({ field_id: undefined, operator: 'eq' } satisfies FilterValues)}
          >
            {t('reports.filter.add', { n: fields.length, max: REPORT_FILTERS_MAX })}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
