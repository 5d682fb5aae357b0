// The tenant's default time zone (issue 36 point 3), on the personalization page (P81000): the zone of every user who
// has not chosen one of their own. Saved on its own (PUT /yun/timezone/tenant), apart from the brand's form.
import { Alert, Button, Card, Form, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { useSaveTenantZone, useTimeZones } from '@/lib/time-zones/api';
import { TimeZonePicker } from '@/lib/time-zones/time-zone-picker';
import { toast } from '@/lib/toast';

export function TenantZoneCard() {
  const { t } = useTranslation();
  const zones = useTimeZones();
  const save = useSaveTenantZone();
  const saved = zones.data?.tenant;
  // The zone picked here, else the one saved.
  const [picked, setZone] = useState<string | undefined>();
  const zone = picked ?? saved;
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!zone) return;
    setError(null);
    try {
      await save.mutateAsync(zone);
      toast.success(t('layout.timeZone.tenantSaved'));
    } catch (e) {
      setError(isApiError(e) ? e.detail : String(e));
    }
  };

  return (
    <Card size="small" title={t('layout.timeZone.tenantTitle')} className="tenant-zone-card">
      {zones.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : zones.isError ? (
        <Alert type="error" showIcon title={t('layout.timeZone.loadFailed')} />
      ) : (
        <Form layout="vertical" onFinish={() => void submit()}>
          <Form.Item
            label={t('layout.timeZone.tenantTitle')}
            extra={t('layout.timeZone.tenantHint')}
            htmlFor="tenant-zone"
          >
            <Space wrap style={{ width: '100%' }}>
              <TimeZonePicker
                id="tenant-zone"
                zones={zones.data.zones}
                value={zone}
                onChange={setZone}
                aria-label={t('layout.timeZone.tenantTitle')}
              />
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                disabled={!zone || zone === saved}
              >
                {t('layout.timeZone.save')}
              </Button>
            </Space>
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Card>
  );
}
