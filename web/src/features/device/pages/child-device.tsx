// Virtual device details (/device/virtualDevice/childDevice/:id): its facts and the real device(s) it reads, each
// with its live state and a link to the device's own page.
import { ArrowLeftOutlined, EditOutlined, ToolOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { DetailLoading, DetailNotFound } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { deviceStateKey } from '@/components/map/markers';
import { confirmDialog, toast } from '@/lib/toast';
import { deviceQueryOptions } from '../api/get-device';
import { useVirtualDevice } from '../api/get-virtual-device';
import { useRepairVirtualDevice } from '../api/repair-virtual-device';
import { VirtualBindingTag } from '../components/virtual/virtual-binding-tag';
import { VirtualFormModal } from '../components/virtual/virtual-form-modal';
import { formatTime } from '../lib/format';
import { canRepair, deviceDetailPath } from '../lib/virtual-form';
import './device-monitor.css';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';

interface BoundRow {
  device_id: number;
  sn_code: string;
  alias: string;
  role: 'device' | 'member' | 'gps';
}

const BADGE = { online: 'success', offline: 'default', unregistered: 'warning' } as const;

export default function ChildDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useVirtualDevice(id);
  const v = query.data;
  const repair = useRepairVirtualDevice();
  const [editOpen, setEditOpen] = useState(false);

  const rows: BoundRow[] = [];
  if (v) {
    if (v.version === '2.0') {
      for (const m of v.members) rows.push({ ...m, role: 'member' });
    } else if (v.device_id !== null) {
      rows.push({ device_id: v.device_id, sn_code: v.sn_code, alias: v.device_alias ?? '', role: 'device' });
    }
    if (v.gps_device_id !== null)
      rows.push({ device_id: v.gps_device_id, sn_code: v.gps_sn_code ?? '', alias: '', role: 'gps' });
  }
  const states = useQueries({
    queries: rows.map((r) => ({ ...deviceQueryOptions(r.device_id), staleTime: 15_000 })),
  });

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/device/virtualDevice')}>
      {t('device.virtual.detail.back')}
    </Button>
  );

  if (query.isPending) return <DetailLoading title={t('menu.childDevice')} extra={back} rows={6} />;
  if (!v) {
    return (
      <DetailNotFound
        header={<PageHeader title={t('menu.childDevice')} extra={back} />}
        title={t('device.virtual.detail.notFound')}
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{t('device.virtual.action.retry')}</Button>}
      />
    );
  }

  const onRepair = async () => {
    const ok = await confirmDialog({
      type: 'confirm',
      title: t('device.virtual.repair.title', { name: v.name }),
      content:
        v.abnormal_reason === 'sn_empty'
          ? t('device.virtual.repair.snEmpty')
          : t('device.virtual.repair.content'),
      okText: t('device.virtual.repair.ok'),
      cancelText: t('common.action.cancel'),
    });
    if (ok) repair.mutate(v.id, { onSuccess: () => toast.success(t('device.virtual.repair.done')) });
  };

  return (
    <div className="page">
      <PageHeader
        title={v.name}
        subTitle={t('menu.childDevice')}
        extra={
          <Space>
            {back}
            {canRepair(v) && (
              <Button icon={<ToolOutlined />} onClick={() => void onRepair()}>
                {t('device.virtual.action.repair')}
              </Button>
            )}
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditOpen(true)}>
              {t('device.virtual.action.edit')}
            </Button>
          </Space>
        }
      />
      <Card title={t('device.virtual.detail.basic')}>
        <Descriptions
          bordered
          size="middle"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'name', label: t('device.virtual.field.name'), children: v.name },
            {
              key: 'group',
              label: t('device.virtual.field.group'),
              children: v.group_name || EMPTY,
            },
            {
              key: 'version',
              label: t('device.virtual.field.version'),
              children: t(`device.virtual.version.${v.version === '2.0' ? 'v2' : 'v1'}`),
            },
            {
              key: 'binding',
              label: t('device.virtual.column.binding'),
              children: <VirtualBindingTag device={v} />,
            },
            {
              key: 'firmware',
              label: t('device.virtual.detail.firmware'),
              children: v.firmware_version || EMPTY,
            },
            {
              key: 'template',
              label: t('device.virtual.field.template'),
              children: v.template_name ?? EMPTY,
            },
            { key: 'region', label: t('device.virtual.field.region'), children: v.area_name || EMPTY },
            { key: 'address', label: t('device.virtual.field.address'), children: v.address || EMPTY },
            {
              key: 'contact',
              label: t('device.virtual.detail.contact'),
              children: [v.contact_name, v.contact_phone].filter(Boolean).join(' · ') || EMPTY,
            },
            {
              key: 'permissions',
              label: t('device.virtual.field.permissions'),
              children:
                v.permissions.length > 0
                  ? v.permissions.map((p) => <Tag key={p}>{t(`device.virtual.permission.${p}`)}</Tag>)
                  : EMPTY,
            },
            {
              key: 'created',
              label: t('device.virtual.column.createdAt'),
              children: formatTime(v.created_at),
            },
          ]}
        />
      </Card>
      <Card title={t('device.virtual.detail.bound')}>
        <DataTable<BoundRow>
          rowKey={(r) => `${r.role}-${r.device_id}`}
          dataSource={rows}
          pagination={false}
          // Narrower than its columns (a phone), the table scrolls sideways instead of squeezing them.
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.virtual.detail.noBound')} />
            ),
          }}
          columns={[
            {
              key: 'role',
              title: t('device.virtual.detail.role'),
              width: 140,
              render: (_x, r) => <Tag>{t(`device.virtual.detail.roles.${r.role}`)}</Tag>,
            },
            {
              key: 'device',
              title: t('device.virtual.column.alias'),
              render: (_x, r, i) => (
                <Link to={deviceDetailPath(r.device_id)}>
                  {states[i]?.data?.alias || r.alias || r.sn_code}
                </Link>
              ),
            },
            {
              key: 'sn',
              title: t('device.virtual.column.sn'),
              render: (_x, r, i) => states[i]?.data?.sn_code ?? (r.sn_code || EMPTY),
            },
            {
              key: 'state',
              title: t('device.virtual.detail.state'),
              render: (_x, _r, i) => {
                const d = states[i]?.data;
                if (!d) return states[i]?.isPending ? <Badge status="processing" /> : EMPTY;
                const key = deviceStateKey(d.dev_state, d.registered);
                return <Badge status={BADGE[key]} text={t(`device.map.state.${key}`)} />;
              },
            },
            {
              key: 'firmware',
              title: t('device.virtual.detail.firmware'),
              render: (_x, _r, i) => states[i]?.data?.firmware_version ?? EMPTY,
            },
            {
              key: 'report',
              title: t('device.virtual.detail.reportTime'),
              render: (_x, _r, i) => formatTime(states[i]?.data?.report_time),
            },
            {
              key: 'open',
              title: t('device.virtual.column.actions'),
              width: 120,
              render: (_x, r) => (
                <Link to={deviceDetailPath(r.device_id)}>{t('device.virtual.detail.open')}</Link>
              ),
            },
          ]}
        />
        {v.binding_state === 'abnormal' && (
          <Typography.Paragraph type="danger" className="virtual-detail__note">
            {v.abnormal_reason === 'sn_empty'
              ? t('device.virtual.binding.snHint')
              : t('device.virtual.binding.versionHint', {
                  own: v.firmware_version || EMPTY,
                  bound: v.device_firmware_version ?? EMPTY,
                })}
          </Typography.Paragraph>
        )}
      </Card>
      <VirtualFormModal open={editOpen} device={v} onClose={() => setEditOpen(false)} />
    </div>
  );
}
