// A column's colour bands (docs/api-templates.md "Monitoring tables"): each a range [min, max) with either end open,
// drawn in a text colour and/or a background; the first band holding a value wins.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, InputNumber, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import type { MonitorDesignColumn } from '@/lib/monitor-tables/api';
import { MIDDLEWARE_BANDS_MAX } from '@/types/limits.gen';

type Band = MonitorDesignColumn['bands'][number];

const hex = (value: { toHexString: () => string } | null): string | null =>
  value ? value.toHexString() : null;

export function bandProblem(band: Band): 'order' | 'colour' | null {
  if (band.min !== null && band.max !== null && band.min >= band.max) return 'order';
  if (band.color === null && band.background === null) return 'colour';
  return null;
}

export function BandsEditor({ bands, onChange }: { bands: Band[]; onChange: (bands: Band[]) => void }) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<Band>) =>
    onChange(bands.map((band, i) => (i === index ? { ...band, ...patch } : band)));
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {bands.length === 0 ? (
        <Typography.Text type="secondary">{t('monitor.design.noBands')}</Typography.Text>
      ) : null}
      {bands.map((band, index) => {
        const problem = bandProblem(band);
        return (
          <div key={index} className="iot-monitor-band">
            <InputNumber
              size="small"
              placeholder={t('monitor.design.bandMin')}
              aria-label={t('monitor.design.bandMin')}
              value={band.min}
              onChange={(v) => set(index, { min: v ?? null })}
            />
            <span>{t('monitor.design.bandBetween')}</span>
            <InputNumber
              size="small"
              placeholder={t('monitor.design.bandMax')}
              aria-label={t('monitor.design.bandMax')}
              value={band.max}
              onChange={(v) => set(index, { max: v ?? null })}
            />
            <ColorPicker
              size="small"
              allowClear
              value={band.color}
              onChange={(v) => set(index, { color: hex(v) })}
              onClear={() => set(index, { color: null })}
              showText={() => t('monitor.design.bandColor')}
            />
            <ColorPicker
              size="small"
              allowClear
              value={band.background}
              onChange={(v) => set(index, { background: hex(v) })}
              onClear={() => set(index, { background: null })}
              showText={() => t('monitor.design.bandBackground')}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('monitor.design.removeBand')}
              onClick={() => onChange(bands.filter((_, i) => i !== index))}
            />
            {problem ? (
              <Typography.Text type="danger">{t(`monitor.design.bandProblem.${problem}`)}</Typography.Text>
            ) : null}
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={bands.length >= MIDDLEWARE_BANDS_MAX}
        onClick={() => onChange([...bands, { min: null, max: null, color: '#cf1322', background: null }])}
      >
        {t('monitor.design.addBand')}
      </Button>
    </Space>
  );
}

export interface BandsModalProps {
  open: boolean;
  /** The column's title as shown. */
  title: string;
  bands: Band[];
  onChange: (bands: Band[]) => void;
  onClose: () => void;
}

/** The bands of one column in a dialog; each change goes to the designer's draft at once. */
export const BandsModal = perOpening(function BandsModal({
  open,
  title,
  bands,
  onChange,
  onClose,
}: BandsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('monitor.design.bandsOf', { name: title })}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('monitor.design.done')}
        </Button>
      }
      onCancel={onClose}
      width={640}
    >
      <BandsEditor bands={bands} onChange={onChange} />
    </Modal>
  );
});
