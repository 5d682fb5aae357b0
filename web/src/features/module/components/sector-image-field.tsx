// A sector's cover image: one image of the gallery (the system's or the caller's own), chosen in the gallery picker;
// the address the gallery gives is what the sector stores.
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { GalleryPicker, resolveImageUrl } from '@/designer/gallery';

interface SectorImageFieldProps {
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
}

export function SectorImageField({ value = '', onChange, id }: SectorImageFieldProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <div className="sector-image" id={id}>
      <div className="sector-image__preview">
        {value ? (
          <img src={resolveImageUrl(value)} alt={t('dashboards.sectors.form.image')} />
        ) : (
          <Typography.Text type="secondary" className="sector-image__none">
            <PictureOutlined /> {t('dashboards.sectors.form.noImage')}
          </Typography.Text>
        )}
      </div>
      <Space wrap>
        <Button icon={<PictureOutlined />} onClick={() => setPicking(true)}>
          {value ? t('dashboards.sectors.form.changeImage') : t('dashboards.sectors.form.chooseImage')}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t('dashboards.sectors.form.removeImage')}
          </Button>
        )}
      </Space>
      {picking && (
        <GalleryPicker
          open
          use="image"
          onCancel={() => setPicking(false)}
          onSelect={(url) => {
            onChange?.(url);
            setPicking(false);
          }}
        />
      )}
    </div>
  );
}
