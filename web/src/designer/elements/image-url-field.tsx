// An image's URL in the property panel: typed, or chosen from the gallery (issue 15 point 6). The picker mounts only
// when opened, since it asks for the classifications as soon as it mounts.
import { PictureOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SCREEN_URL_MAX } from '@/types/limits.gen';

import { GalleryPicker } from '../gallery';
import { TextField } from './form';

interface ImageUrlFieldProps {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
}

export function ImageUrlField({ label, value, onChange }: ImageUrlFieldProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <TextField
        label={label}
        value={value ?? ''}
        maxLength={SCREEN_URL_MAX}
        onChange={(url) => onChange(url.trim() === '' ? null : url.trim())}
      />
      <Button
        size="small"
        className="iot-prop-gallery"
        icon={<PictureOutlined />}
        onClick={() => setPicking(true)}
      >
        {t('designer.form.fromGallery')}
      </Button>
      {picking && (
        <GalleryPicker
          open
          use="image"
          onCancel={() => setPicking(false)}
          onSelect={(url) => {
            setPicking(false);
            onChange(url);
          }}
        />
      )}
    </>
  );
}
