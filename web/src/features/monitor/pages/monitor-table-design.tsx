// The table designer (/monitor/monitorTableDesign/id={id}, the menus' "Form configuration"; issue 35 point 1): which
// data sources of the template are columns and in what order, each column's title, header group, width, decimals,
// unit, alignment, frozen place, thousands and colour bands; the device column, the row height and when a value
// counts as stale. A preview shows the draft over the table's live rows. Saved as a new revision; a save over someone
// else's is offered as an overwrite.
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { DetailLoading, detailState } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/http';
import {
  defaultColumn,
  useMonitorTableOut,
  useUpdateMonitorTable,
  type MonitorDesign,
  type MonitorDesignColumn,
  type MonitorTableOut,
} from '@/lib/monitor-tables/api';
import { keyedParam, param } from '@/lib/route-params';
import {
  MIDDLEWARE_COLUMN_TITLE_MAX,
  MIDDLEWARE_COLUMN_WIDTH_RANGE,
  MIDDLEWARE_COLUMNS_MAX,
  MIDDLEWARE_ROW_HEIGHT_RANGE,
  MIDDLEWARE_STALE_RANGE_S,
} from '@/types/limits.gen';

import { useMonitorTable, type MonitorTableLive } from '../api/monitor';
import { BandsModal, bandProblem } from '../components/bands-editor';
import { DesignColumnsTable } from '../components/design-columns-table';
import { LiveTable } from '../components/live-table';
import '../monitor.css';

const CONFLICT = '100023';
const NOT_FOUND = '115501';

/** The live rows re-aligned on the draft's columns (their seed values found by data source), for the preview. */
export function previewOf(
  live: MonitorTableLive,
  table: MonitorTableOut,
  draft: MonitorDesign,
): MonitorTableLive {
  const savedIndex = new Map(live.design.columns.map((c, i) => [c.source_id, i]));
  const sources = new Map(table.sources.map((s) => [s.id, s]));
  return {
    ...live,
    design: draft,
    sources: draft.columns.map((c) => {
      const s = sources.get(c.source_id);
      return s
        ? { id: s.id, name: s.name, unit: s.unit, decimals: s.decimals, data_type: s.data_type, rw: 'r' }
        : null;
    }),
    rows: live.rows.map((row) => ({
      ...row,
      cells: draft.columns.map((c) => {
        const i = savedIndex.get(c.source_id);
        return i === undefined ? null : (row.cells[i] ?? null);
      }),
      alarms: draft.columns.map((c) => {
        const i = savedIndex.get(c.source_id);
        return i === undefined ? 0 : (row.alarms[i] ?? 0);
      }),
    })),
  };
}

export default function MonitorTableDesignPage() {
  const { t } = useTranslation();
  const { idParam } = useParams();
  const id = param.id.parse(keyedParam(idParam, 'id') ?? '') ?? 0;
  const query = useMonitorTableOut(id);
  const navigate = useNavigate();
  const backButton = (
    <Button
      type="text"
      icon={<ArrowLeftOutlined />}
      aria-label={t('monitor.design.back')}
      onClick={() => void navigate(-1)}
    />
  );
  const waiting = detailState({
    query,
    valid: id > 0,
    notFoundCode: NOT_FOUND,
    texts: {
      notFound: t('monitor.table.notFound'),
      notFoundHint: t('monitor.design.notFoundHint'),
      loadFailed: t('monitor.table.loadFailed'),
      backToList: t('monitor.design.back'),
      retry: t('monitor.retry'),
    },
    onBack: () => void navigate(-1),
    backButton,
  });
  if (waiting !== null || !query.data) return waiting ?? <DetailLoading before={backButton} />;
  return <Designer key={`${query.data.id}:${query.data.revision}`} table={query.data} />;
}

function Designer({ table }: { table: MonitorTableOut }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const save = useUpdateMonitorTable();
  const live = useMonitorTable(table.id);
  const [draft, setDraft] = useState<MonitorDesign>(() => ({
    ...table.design,
    // A column whose data source is gone is dropped here; the save then stores the table without it.
    columns: table.design.columns.filter((c) => !table.missing_sources.includes(c.source_id)),
  }));
  const [bandsOf, setBandsOf] = useState<number | null>(null);
  const [dirty, setDirty] = useState(table.missing_sources.length > 0);
  const sources = useMemo(() => new Map(table.sources.map((s) => [s.id, s])), [table.sources]);
  const chosen = new Set(draft.columns.map((c) => c.source_id));
  const back = () => void navigate(`/templateMiddleware/id=${table.template_id}?tab=monitorTables`);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: MonitorDesign) => {
    setDraft(next);
    setDirty(true);
  };
  const setColumn = (index: number, patch: Partial<MonitorDesignColumn>) =>
    change({ ...draft, columns: draft.columns.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  const move = (index: number, by: -1 | 1) => {
    const columns = [...draft.columns];
    const [moved] = columns.splice(index, 1);
    if (!moved) return;
    columns.splice(index + by, 0, moved);
    change({ ...draft, columns });
  };
  const toggle = (sourceId: number, on: boolean) =>
    change({
      ...draft,
      columns: on
        ? [...draft.columns, defaultColumn(sourceId)]
        : draft.columns.filter((c) => c.source_id !== sourceId),
    });
  const invalidBands = draft.columns.some((c) => c.bands.some((b) => bandProblem(b) !== null));

  const submit = async (overwrite: boolean) => {
    try {
      await save.mutateAsync({ id: table.id, revision: table.revision, overwrite, design: draft });
      setDirty(false);
      void message.success(t('monitor.design.saved'));
    } catch (e) {
      if (isApiError(e) && e.code === CONFLICT) {
        modal.confirm({
          title: t('monitor.design.conflictTitle'),
          content: t('monitor.design.conflictText'),
          okText: t('monitor.design.overwrite'),
          okButtonProps: { danger: true },
          onOk: () => submit(true),
        });
        return;
      }
      void message.error(isApiError(e) ? e.detail : t('monitor.design.saveFailed'));
    }
  };

  const groups = useMemo(() => {
    const out = new Map<string, MonitorTableOut['sources']>();
    for (const s of table.sources) out.set(s.group, [...(out.get(s.group) ?? []), s]);
    return [...out.entries()];
  }, [table.sources]);

  const editing = bandsOf === null ? undefined : draft.columns[bandsOf];

  return (
    <div className="page iot-monitor-design">
      <PageHeader
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('monitor.design.back')}
              onClick={back}
            />
            {t('monitor.design.title', { name: table.name })}
            {dirty ? <Tag color="orange">{t('monitor.design.unsaved')}</Tag> : null}
          </Space>
        }
        extra={
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={!dirty || invalidBands}
            onClick={() => void submit(false)}
          >
            {t('monitor.design.save')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={6}>
          <Card
            size="small"
            title={t('monitor.design.sources', { count: draft.columns.length, max: MIDDLEWARE_COLUMNS_MAX })}
          >
            {table.sources.length === 0 ? (
              <Empty description={t('monitor.design.noSources')} />
            ) : (
              groups.map(([group, items]) => (
                <div key={group} className="iot-monitor-design-group">
                  <Typography.Text type="secondary">{group}</Typography.Text>
                  {items.map((s) => (
                    <div key={s.id}>
                      <Checkbox
                        checked={chosen.has(s.id)}
                        disabled={!chosen.has(s.id) && draft.columns.length >= MIDDLEWARE_COLUMNS_MAX}
                        onChange={(e) => toggle(s.id, e.target.checked)}
                      >
                        {s.name}
                        {s.unit ? <span className="text-secondary"> ({s.unit})</span> : null}
                      </Checkbox>
                    </div>
                  ))}
                </div>
              ))
            )}
          </Card>
        </Col>
        <Col xs={24} lg={18}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title={t('monitor.design.columns')}>
              <DesignColumnsTable
                draft={draft}
                sources={sources}
                onColumn={setColumn}
                onMove={move}
                onRemove={(id) => toggle(id, false)}
                onBands={setBandsOf}
              />
            </Card>
            <Card size="small" title={t('monitor.design.table')}>
              <Form layout="inline" className="iot-monitor-design-form">
                <Form.Item label={t('monitor.design.deviceTitle')}>
                  <Input
                    size="small"
                    value={draft.device.title}
                    maxLength={MIDDLEWARE_COLUMN_TITLE_MAX}
                    placeholder={t('monitor.table.device')}
                    onChange={(e) => change({ ...draft, device: { ...draft.device, title: e.target.value } })}
                  />
                </Form.Item>
                <Form.Item label={t('monitor.design.deviceWidth')}>
                  <InputNumber
                    size="small"
                    min={MIDDLEWARE_COLUMN_WIDTH_RANGE[0]}
                    max={MIDDLEWARE_COLUMN_WIDTH_RANGE[1]}
                    value={draft.device.width}
                    onChange={(v) => change({ ...draft, device: { ...draft.device, width: v ?? 180 } })}
                  />
                </Form.Item>
                <Form.Item label={t('monitor.design.showSn')}>
                  <Switch
                    size="small"
                    checked={draft.device.show_sn}
                    onChange={(v) => change({ ...draft, device: { ...draft.device, show_sn: v } })}
                  />
                </Form.Item>
                <Form.Item label={t('monitor.design.showState')}>
                  <Switch
                    size="small"
                    checked={draft.device.show_state}
                    onChange={(v) => change({ ...draft, device: { ...draft.device, show_state: v } })}
                  />
                </Form.Item>
                <Form.Item label={t('monitor.design.deviceFrozen')}>
                  <Switch
                    size="small"
                    checked={draft.device.frozen}
                    onChange={(v) => change({ ...draft, device: { ...draft.device, frozen: v } })}
                  />
                </Form.Item>
                <Form.Item label={t('monitor.design.rowHeight')}>
                  <InputNumber
                    size="small"
                    min={MIDDLEWARE_ROW_HEIGHT_RANGE[0]}
                    max={MIDDLEWARE_ROW_HEIGHT_RANGE[1]}
                    value={draft.row_height}
                    onChange={(v) => change({ ...draft, row_height: v ?? 36 })}
                  />
                </Form.Item>
                <Form.Item label={t('monitor.design.staleAfter')} extra={t('monitor.design.seconds')}>
                  <InputNumber
                    size="small"
                    min={MIDDLEWARE_STALE_RANGE_S[0]}
                    max={MIDDLEWARE_STALE_RANGE_S[1]}
                    value={draft.stale_after_s}
                    onChange={(v) => change({ ...draft, stale_after_s: v ?? 300 })}
                  />
                </Form.Item>
              </Form>
            </Card>
            <Card size="small" title={t('monitor.design.preview')}>
              {live.data ? (
                <LiveTable table={previewOf(live.data, table, draft)} height={320} />
              ) : (
                <Typography.Text type="secondary">{t('monitor.design.previewEmpty')}</Typography.Text>
              )}
            </Card>
          </Space>
        </Col>
      </Row>
      <BandsModal
        open={editing !== undefined && bandsOf !== null}
        title={editing ? editing.title || (sources.get(editing.source_id)?.name ?? '') : ''}
        bands={editing?.bands ?? []}
        onChange={(bands) => {
          if (bandsOf !== null) setColumn(bandsOf, { bands });
        }}
        onClose={() => setBandsOf(null)}
      />
    </div>
  );
}
