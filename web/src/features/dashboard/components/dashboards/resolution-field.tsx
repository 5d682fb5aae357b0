// The dashboard's resolution (its design size, width × height): a preset, or a custom size within the server's limits.
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';

import {
  CUSTOM_RESOLUTION,
  DASHBOARD_HEIGHT_MAX,
  DASHBOARD_HEIGHT_MIN,
  DASHBOARD_WIDTH_MAX,
  DASHBOARD_WIDTH_MIN,
  RESOLUTIONS,
  resolutionKey,
} from '../../lib/dashboard-settings';

function inRange(min: number, max: number, message: string) {
  return {
    validator: (_: unknown, v: number | null | undefined) =>
      v === null || v === undefined || (Number.isInteger(v) && v >= min && v <= max)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

export function ResolutionFields() {
  const { t } = useTranslation();
  const resolution = Form.useWatch<string | undefined>('resolution');
  const options = [
    ...RESOLUTIONS.map((r) => ({
      value: resolutionKey(r.width, r.height),
      label: `${t('dashboards.list.resolution', { width: r.width, height: r.height })} · ${
        r.width >= r.height ? t('dashboards.form.landscape') : t('dashboards.form.portrait')
      }`,
    })),
    { value: CUSTOM_RESOLUTION, label: t('dashboards.form.custom') },
  ];
  const size = (field: 'width' | 'height', min: number, max: number, message: string) => (
    <Form.Item
      name={field}
      label={t(`dashboards.form.${field}`)}
      className="db-resolution__size"
      rules={[{ required: true, message: t('dashboards.form.sizeRequired') }, inRange(min, max, message)]}
    >
      <InputNumber min={min} max={max} precision={0} suffix={t('dashboards.form.px')} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item
        name="resolution"
        label={t('dashboards.form.resolution')}
        extra={t('dashboards.form.resolutionHint')}
      >
        <Select options={options} />
      </Form.Item>
      {resolution === CUSTOM_RESOLUTION && (
        <div className="db-resolution">
          {size(
            'width',
            DASHBOARD_WIDTH_MIN,
            DASHBOARD_WIDTH_MAX,
            t('dashboards.form.widthRange', { min: DASHBOARD_WIDTH_MIN, max: DASHBOARD_WIDTH_MAX }),
          )}
          {size(
            'height',
            DASHBOARD_HEIGHT_MIN,
            DASHBOARD_HEIGHT_MAX,
            t('dashboards.form.heightRange', { min: DASHBOARD_HEIGHT_MIN, max: DASHBOARD_HEIGHT_MAX }),
          )}
        </div>
      )}
    </>
  );
}
