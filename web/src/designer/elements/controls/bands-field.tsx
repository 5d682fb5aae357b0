// The gauge's colour bands: from, to and a colour each, added and removed as rows.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { colors } from '@/lib/theme';
import { colourValue, FieldSection } from '../form';
import type { GaugeBand } from './gauge-geometry';

/** A screen reads at a glance with a few bands; more is clutter on a 270° scale. */
export const GAUGE_BANDS_MAX = 8;

interface BandsFieldProps {
  bands: readonly GaugeBand[];
  onChange: (bands: GaugeBand[]) => void;
}

export function BandsField({ bands, onChange }: BandsFieldProps) {
  const { t } = useTranslation();
  const replace = (index: number, band: GaugeBand) => {
    onChange(bands.map((b, i) => (i === index ? band : b)));
  };
  const last = bands.at(-1);
  return (
    <FieldSection title={t('designer.controls.gauge.bands')}>
      <Space orientation="vertical">
        {bands.map((band, index) => (
          // Bands have no id; their place in the list is their identity while editing.
          <Space key={index} wrap data-testid="gauge-band-row">
            <InputNumber<number>
              size="small"
              aria-label={t('designer.controls.gauge.bandFrom')}
              value={band.from}
              onChange={(from) => {
                if (from !== null) replace(index, { ...band, from });
              }}
            />
            <InputNumber<number>
              size="small"
              aria-label={t('designer.controls.gauge.bandTo')}
              value={band.to}
              onChange={(to) => {
                if (to !== null) replace(index, { ...band, to });
              }}
            />
            <ColorPicker
              size="small"
              format="hex"
              disabledAlpha
              value={band.color}
              aria-label={t('designer.controls.gauge.bandColour')}
              onChangeComplete={(color) => {
                replace(index, { ...band, color: colourValue(color) ?? band.color });
              }}
            />
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('designer.controls.gauge.removeBand')}
              onClick={() => {
                onChange(bands.filter((_b, i) => i !== index));
              }}
            />
          </Space>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={bands.length >= GAUGE_BANDS_MAX}
          onClick={() => {
            const from = last ? last.to : 0;
            onChange([...bands, { from, to: from + 10, color: colors.warning }]);
          }}
        >
          {t('designer.controls.gauge.addBand')}
        </Button>
      </Space>
    </FieldSection>
  );
}
