// The "Cameras" tab of a template's page (templateMiddleware/id=; issue 38 point 4, /yun/module/video): the template's
// camera slots in order — a camera element or card names one by its number — each a name and a camera of the
// tenant's video cloud account (picked from the account's cameras, or typed as serial and channel when none is
// bound). Edited as a whole and saved at once, where the caller may design the template; read-only otherwise.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Input, InputNumber, Select, Skeleton, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { IconAction } from '@/components/icon-action';

import {
  useSaveTemplateCameras,
  useTemplateCameras,
  useVideoAccount,
  useVideoCameras,
  type CameraSlot,
} from '@/lib/video/video-cloud';
import {
  TEMPLATE_CAMERAS_MAX,
  VIDEO_CAMERA_NAME_MAX,
  VIDEO_CHANNEL_MAX,
  VIDEO_SERIAL_MAX,
} from '@/types/limits.gen';

const SERIAL = /^[A-Za-z0-9_-]{1,32}$/;
const cameraKey = (serial: string, channel: number) => `${serial}/${String(channel)}`;

/** What is wrong with a slot, as the server would refuse it (a text key), or null. */
export function slotProblem(slot: CameraSlot, index: number, slots: readonly CameraSlot[]): string | null {
  const name = slot.name.trim();
  if (!name || name.length > VIDEO_CAMERA_NAME_MAX) return 'video.slots.nameInvalid';
  if (!SERIAL.test(slot.serial.trim())) return 'video.slots.cameraInvalid';
  const key = cameraKey(slot.serial.trim(), slot.channel);
  if (slots.findIndex((other) => cameraKey(other.serial.trim(), other.channel) === key) !== index)
    return 'video.slots.duplicate';
  return null;
}

interface Row extends CameraSlot {
  index: number;
}

export function TemplateCameras({ templateId, canDesign }: { templateId: number; canDesign: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const stored = useTemplateCameras(templateId);
  const account = useVideoAccount();
  const bound = Boolean(account.data);
  const cameras = useVideoCameras(bound);
  const save = useSaveTemplateCameras(templateId);
  // The slots being edited; null: the stored ones, untouched.
  const [draft, setDraft] = useState<CameraSlot[] | null>(null);
  const slots = draft ?? stored.data?.cameras ?? [];
  const problems = slots.map((slot, index) => slotProblem(slot, index, slots));
  const invalid = problems.some((p) => p !== null);

  const options = useMemo(
    () =>
      (cameras.data ?? []).map((camera) => ({
        value: cameraKey(camera.serial, camera.channel),
        label: `${camera.name} (${cameraKey(camera.serial, camera.channel)})`,
      })),
    [cameras.data],
  );

  const change = (index: number, patch: Partial<CameraSlot>) =>
    setDraft(slots.map((slot, i) => (i === index ? { ...slot, ...patch } : slot)));
  const move = (index: number, by: number) => {
    const next = [...slots];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    setDraft(next);
  };
  const add = () => {
    const first = cameras.data?.find(
      (c) => !slots.some((s) => s.serial === c.serial && s.channel === c.channel),
    );
    const name = t('video.slots.defaultName', { n: slots.length + 1 });
    setDraft([...slots, { name, serial: first?.serial ?? '', channel: first?.channel ?? 1 }]);
  };
  const submit = () => {
    save.mutate(
      slots.map((s) => ({ ...s, name: s.name.trim(), serial: s.serial.trim() })),
      {
        onSuccess: () => {
          setDraft(null);
          void message.success(t('video.slots.saved'));
        },
      },
    );
  };

  if (stored.isPending) return <Skeleton active />;
  if (stored.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('video.slots.loadFailed')}
        action={<Button onClick={() => void stored.refetch()}>{t('video.player.retry')}</Button>}
      />
    );

  const columns: ColumnsType<Row> = [
    { title: t('video.slots.number'), dataIndex: 'index', width: 64, render: (index: number) => index + 1 },
    {
      title: t('video.slots.name'),
      dataIndex: 'name',
      render: (name: string, row) =>
        canDesign ? (
          <Input
            value={name}
            maxLength={VIDEO_CAMERA_NAME_MAX}
            aria-label={t('video.slots.nameOf', { n: row.index + 1 })}
            status={problems[row.index] === 'video.slots.nameInvalid' ? 'error' : undefined}
            onChange={(e) => change(row.index, { name: e.target.value })}
          />
        ) : (
          name
        ),
    },
    {
      title: t('video.slots.camera'),
      key: 'camera',
      render: (_, row) => {
        const key = cameraKey(row.serial, row.channel);
        if (!canDesign) return options.find((o) => o.value === key)?.label ?? key;
        const wrong =
          problems[row.index] === 'video.slots.cameraInvalid' ||
          problems[row.index] === 'video.slots.duplicate';
        if (bound && options.length > 0)
          return (
            <Select
              value={row.serial ? key : undefined}
              options={
                options.some((o) => o.value === key) || !row.serial
                  ? options
                  : [...options, { value: key, label: key }]
              }
              placeholder={t('video.slots.pickCamera')}
              aria-label={t('video.slots.cameraOf', { n: row.index + 1 })}
              status={wrong ? 'error' : undefined}
              style={{ width: '100%' }}
              onChange={(value: string) => {
                const at = value.lastIndexOf('/');
                change(row.index, { serial: value.slice(0, at), channel: Number(value.slice(at + 1)) });
              }}
            />
          );
        return (
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={row.serial}
              maxLength={VIDEO_SERIAL_MAX}
              placeholder={t('video.slots.serial')}
              aria-label={t('video.slots.serialOf', { n: row.index + 1 })}
              status={wrong ? 'error' : undefined}
              onChange={(e) => change(row.index, { serial: e.target.value })}
            />
            <InputNumber
              value={row.channel}
              min={1}
              max={VIDEO_CHANNEL_MAX}
              precision={0}
              aria-label={t('video.slots.channelOf', { n: row.index + 1 })}
              onChange={(value) => change(row.index, { channel: value ?? 1 })}
            />
          </Space.Compact>
        );
      },
    },
  ];
  if (canDesign)
    columns.push({
      title: t('video.slots.actions'),
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <Space size={0}>
          <IconAction
            label={t('video.slots.up')}
            icon={<ArrowUpOutlined />}
            disabled={row.index === 0}
            onClick={() => move(row.index, -1)}
          />
          <IconAction
            label={t('video.slots.down')}
            icon={<ArrowDownOutlined />}
            disabled={row.index === slots.length - 1}
            onClick={() => move(row.index, 1)}
          />
          <IconAction
            label={t('video.slots.remove')}
            icon={<DeleteOutlined />}
            danger
            onClick={() => setDraft(slots.filter((_, i) => i !== row.index))}
          />
        </Space>
      ),
    });

  const firstProblem = problems.find((p) => p !== null);
  return (
    <Card
      title={t('video.slots.title')}
      extra={
        canDesign && (
          <Space wrap>
            <Button icon={<PlusOutlined />} disabled={slots.length >= TEMPLATE_CAMERAS_MAX} onClick={add}>
              {t('video.slots.add')}
            </Button>
            <Button disabled={draft === null} onClick={() => setDraft(null)}>
              {t('video.slots.reset')}
            </Button>
            <Button
              type="primary"
              disabled={draft === null || invalid}
              loading={save.isPending}
              onClick={submit}
            >
              {t('video.slots.save')}
            </Button>
          </Space>
        )
      }
    >
      <div className="tpl-cameras">
        {!account.isPending && !bound && (
          <Alert
            type="info"
            showIcon
            title={t('video.slots.noAccount')}
            action={<Link to="/fluoriteCloudCamera">{t('menu.fluoriteCloudCamera')}</Link>}
          />
        )}
        {firstProblem && <Alert type="warning" showIcon title={t(firstProblem)} />}
        {slots.length === 0 ? (
          <Empty description={t('video.slots.empty')} />
        ) : (
          <Table<Row>
            rowKey="index"
            size="small"
            pagination={false}
            scroll={{ x: 560 }}
            columns={columns}
            dataSource={slots.map((slot, index) => ({ ...slot, index }))}
          />
        )}
        <span className="tpl-cameras__hint">{t('video.camera.slotHint')}</span>
      </div>
    </Card>
  );
}
