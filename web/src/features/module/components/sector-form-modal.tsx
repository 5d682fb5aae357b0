// A business sector, new or edited (issue 31 point 6): name (≤6, counted), description (≤500, counted), a cover image
// from the gallery, the rotation interval in seconds (0: none) and its dashboards in order. The server's refusals sit
// on their fields.
import { Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { useDashboards } from '@/lib/dashboards/list-dashboards';
import type { Sector } from '@/lib/dashboards/types';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  SECTOR_DASHBOARDS_MAX,
  SECTOR_DESCRIPTION_MAX,
  SECTOR_INTERVAL_MAX_S,
  SECTOR_NAME_MAX,
} from '@/types/limits.gen';
import { useCreateSector } from '../api/create-sector';
import { useUpdateSector } from '../api/update-sector';
import { SectorDashboardsField } from './sector-dashboards-field';
import { SectorImageField } from './sector-image-field';

interface Values {
  name: string;
  description: string;
  image: string;
  interval: number;
  dashboard_ids: number[];
}

const FIELDS = ['name', 'description', 'image', 'interval', 'dashboard_ids'];

export interface SectorFormModalProps {
  open: boolean;
  /** null: a new sector. */
  sector: Sector | null;
  onClose: () => void;
}

export const SectorFormModal = perOpening(function SectorFormModal({
  open,
  sector,
  onClose,
}: SectorFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSector();
  const update = useUpdateSector();
  const dashboards = useDashboards({}, open);
  const chosen = Form.useWatch<number[] | undefined>('dashboard_ids', form);
  const count = (chosen ?? sector?.dashboards ?? []).length;

  const onFinish = async (values: Values) => {
    const body = { ...values, name: values.name.trim(), description: values.description.trim() };
    try {
      if (sector) {
        await update.mutateAsync({ id: sector.id, ...body });
        toast.success(t('dashboards.sectors.form.saved'));
      } else {
        const created = await create.mutateAsync(body);
        toast.success(t('dashboards.sectors.form.created', { name: created.name }));
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      width={640}
      title={sector ? t('dashboards.sectors.form.editTitle') : t('dashboards.sectors.form.createTitle')}
      form={form}
      name="sector"
      initialValues={{
        name: sector?.name ?? '',
        description: sector?.description ?? '',
        image: sector?.image ?? '',
        interval: sector?.interval ?? 0,
        dashboard_ids: sector?.dashboards.map((d) => d.id) ?? [],
      }}
      loading={create.isPending || update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label={t('dashboards.sectors.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('dashboards.sectors.form.nameRequired') },
          { max: SECTOR_NAME_MAX, message: t('dashboards.sectors.form.nameMax', { max: SECTOR_NAME_MAX }) },
        ]}
      >
        <Input autoComplete="off" maxLength={SECTOR_NAME_MAX} showCount autoFocus />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('dashboards.sectors.form.description')}
        rules={[
          {
            max: SECTOR_DESCRIPTION_MAX,
            message: t('dashboards.sectors.form.descriptionMax', { max: SECTOR_DESCRIPTION_MAX }),
          },
        ]}
      >
        <Input.TextArea maxLength={SECTOR_DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      <Form.Item name="image" label={t('dashboards.sectors.form.image')}>
        <SectorImageField />
      </Form.Item>
      <Form.Item
        name="interval"
        label={t('dashboards.sectors.form.interval')}
        extra={t('dashboards.sectors.form.intervalHint', { max: SECTOR_INTERVAL_MAX_S })}
        rules={[
          {
            required: true,
            message: t('dashboards.sectors.form.intervalRange', { max: SECTOR_INTERVAL_MAX_S }),
          },
          {
            type: 'integer',
            min: 0,
            max: SECTOR_INTERVAL_MAX_S,
            message: t('dashboards.sectors.form.intervalRange', { max: SECTOR_INTERVAL_MAX_S }),
          },
        ]}
      >
        <InputNumber
          min={0}
          max={SECTOR_INTERVAL_MAX_S}
          precision={0}
          suffix={t('dashboards.sectors.form.seconds')}
          className="sector-form__interval"
        />
      </Form.Item>
      <Form.Item
        name="dashboard_ids"
        label={t('dashboards.sectors.form.dashboards', { count, max: SECTOR_DASHBOARDS_MAX })}
        extra={t('dashboards.sectors.form.dashboardsHint')}
      >
        <SectorDashboardsField
          options={dashboards.data ?? []}
          held={sector?.dashboards ?? []}
          loading={dashboards.isFetching}
        />
      </Form.Item>
    </FormModal>
  );
});
