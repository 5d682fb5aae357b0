// Start a rollout, in four steps: (1) a published device-end version (its models, mode and update content in the
// reader's language); (2) the devices, from those the caller may upgrade, filtered by group, model, current version
// and text, each saying whether it can take the version and why not (offline, upgrading, another model, up to date:
// those cannot be chosen), with "select all updatable" over every page; (3) the rollout's waves: all at once, or a
// first wave, then a share of the devices per wave, pausing when a wave's failed share passes a threshold; (4) what
// will run, then Start. A refusal stays in the dialog; once started the dialog closes and the rollout opens.
import {
  Alert,
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Result,
  Select,
  Space,
  Steps,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { perOpening } from '@/components/per-opening';
import { CellLines, CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { useFitScroll } from '@/components/table/fit-columns';
import { useIsPhone } from '@/components/use-phone';
import { orEmpty } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { formatTime } from '@/lib/telemetry/format';
import { toast } from '@/lib/toast';
import { PAGE_SIZE_MAX, UPGRADE_DEVICES_MAX } from '@/types/limits.gen';
import {
  useStartUpgrade,
  useUpgradeCandidates,
  waveSizes,
  type UpgradeCandidateOut,
  type UpgradeCandidateParams,
  type UpgradeOut,
} from '../api/upgrades';
import {
  MODE_FORCED,
  STATE_PUBLISHED,
  TYPE_DEVICE,
  useVersions,
  type SoftwareVersionOut,
} from '../api/versions';
import { ForcedTag } from './upgrade-columns';
import { RefusalTag } from './upgrade-states';
import { contentOf } from './version-columns';

const STEPS = ['version', 'devices', 'settings', 'confirm'] as const;
const CANDIDATE_PAGE_SIZE = 10;
/** The published device-end versions offered: the library's first page of the largest size (newest first). */
const VERSION_PARAMS = { type: TYPE_DEVICE, page: 1, page_size: PAGE_SIZE_MAX };
/** The waves proposed when phasing is turned on: one device first, then a fifth per wave, pausing past 20 %. */
const PHASED_DEFAULTS = { firstWave: 1, stepPercent: 20, failurePercent: 20 };

interface Filters {
  group_id?: number | undefined;
  model?: string | undefined;
  current?: string | undefined;
  keyword?: string | undefined;
  updatable: boolean;
  page: number;
  page_size: number;
}

const NO_FILTERS: Filters = { updatable: false, page: 1, page_size: CANDIDATE_PAGE_SIZE };

interface Waves {
  phased: boolean;
  firstWave: number | null;
  stepPercent: number | null;
  failurePercent: number | null;
}

export interface UpgradeStartModalProps {
  open: boolean;
  onClose: () => void;
  /** The rollout has started. */
  onStarted: (upgrade: UpgradeOut) => void;
}

/** What is sent for the waves: the chosen ones, or every device at once, never pausing. */
function wavesBody(waves: Waves): { first_wave: number; step_percent: number; failure_percent: number } {
  if (!waves.phased) return { first_wave: 0, step_percent: 100, failure_percent: 100 };
  return {
    first_wave: waves.firstWave ?? PHASED_DEFAULTS.firstWave,
    step_percent: waves.stepPercent ?? PHASED_DEFAULTS.stepPercent,
    failure_percent: waves.failurePercent ?? PHASED_DEFAULTS.failurePercent,
  };
}

function VersionFacts({ version }: { version: SoftwareVersionOut }) {
  const { t, i18n } = useTranslation();
  const w = (key: string) => t(`software.upgrade.wizard.${key}`);
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      className="upgrade-start__facts"
      items={[
        {
          key: 'models',
          label: w('models'),
          children: (
            <span className="upgrade-start__tags">
              {version.models.map((m) => (
                <Tag key={m}>{m}</Tag>
              ))}
            </span>
          ),
        },
        {
          key: 'mode',
          label: t('software.form.mode'),
          children: (
            <span className="upgrade-start__mode">
              {version.mode === MODE_FORCED && <ForcedTag />}
              <Typography.Text type="secondary">
                {t(`software.upgrade.mode.${String(version.mode)}`)}
              </Typography.Text>
            </span>
          ),
        },
        {
          key: 'content',
          label: w('content'),
          children: (
            <Typography.Paragraph className="upgrade-start__content">
              {orEmpty(contentOf(version, i18n.language))}
            </Typography.Paragraph>
          ),
        },
        { key: 'uploaded', label: w('uploaded'), children: formatTime(version.created_at) },
      ]}
    />
  );
}

function VersionStep({
  versions,
  loading,
  failed,
  value,
  onChange,
}: {
  versions: SoftwareVersionOut[];
  loading: boolean;
  failed: boolean;
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const chosen = versions.find((v) => v.id === value);
  if (failed) return <Result status="warning" title={t('software.upgrade.wizard.versionsFailed')} />;
  if (!loading && versions.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('software.upgrade.wizard.noVersions')} />
    );
  return (
    <Form layout="vertical" className="upgrade-start__form" component="div">
      <Form.Item label={t('software.upgrade.wizard.version')} htmlFor="upgrade-start-version" required>
        <Select<number>
          id="upgrade-start-version"
          showSearch={{ optionFilterProp: 'label' }}
          loading={loading}
          placeholder={t('software.upgrade.wizard.versionPlaceholder')}
          value={value}
          onChange={onChange}
          options={versions.map((v) => ({ value: v.id, label: v.version, version: v }))}
          optionRender={(option) => {
            const v = (option.data as { version: SoftwareVersionOut }).version;
            return (
              <span className="upgrade-start__option">
                <Typography.Text strong>{v.version}</Typography.Text>
                {v.mode === MODE_FORCED && <ForcedTag />}
                <Typography.Text type="secondary" className="upgrade-start__option-models">
                  {v.models.join(', ')}
                </Typography.Text>
              </span>
            );
          }}
        />
      </Form.Item>
      {chosen && <VersionFacts version={chosen} />}
    </Form>
  );
}

function DevicesStep({
  version,
  filters,
  setFilters,
  selected,
  setSelected,
}: {
  version: SoftwareVersionOut;
  filters: Filters;
  setFilters: (next: Filters) => void;
  selected: number[];
  setSelected: (next: number[]) => void;
}) {
  const { t } = useTranslation();
  const w = (key: string) => t(`software.upgrade.wizard.${key}`);
  const params: UpgradeCandidateParams = {
    version_id: version.id,
    ...filters,
    updatable: filters.updatable ? true : undefined,
  };
  const candidates = useUpgradeCandidates(params);
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const items = candidates.data?.items ?? [];
  const updatableIds = candidates.data?.updatable_ids ?? [];
  const filter = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch, page: 1 });

  const choose = (next: number[]) => {
    if (next.length > UPGRADE_DEVICES_MAX) {
      toast.warning(t('software.upgrade.wizard.tooMany', { max: UPGRADE_DEVICES_MAX }));
      setSelected(next.slice(0, UPGRADE_DEVICES_MAX));
    } else setSelected(next);
  };
  const chosen = new Set(selected);
  const unchosenUpdatable = updatableIds.filter((id) => !chosen.has(id));

  const columns = [
    {
      title: t('software.upgrade.columns.device'),
      key: 'device',
      width: 170,
      render: (_: unknown, d: UpgradeCandidateOut) => (
        <CellLines primary={d.sn_code} secondary={d.dev_alias} />
      ),
    },
    {
      title: t('software.upgrade.columns.group'),
      key: 'group',
      width: 110,
      responsive: ['lg' as const],
      render: (_: unknown, d: UpgradeCandidateOut) => <CellText>{orEmpty(d.group_name)}</CellText>,
    },
    {
      title: t('software.upgrade.columns.model'),
      key: 'model',
      width: 90,
      responsive: ['sm' as const],
      render: (_: unknown, d: UpgradeCandidateOut) => <CellText>{orEmpty(d.dev_model)}</CellText>,
    },
    {
      title: t('software.upgrade.columns.current'),
      key: 'current',
      width: 100,
      render: (_: unknown, d: UpgradeCandidateOut) => <CellText>{orEmpty(d.firmware_version)}</CellText>,
    },
    {
      title: t('software.upgrade.columns.updatable'),
      key: 'updatable',
      width: 100,
      render: (_: unknown, d: UpgradeCandidateOut) =>
        d.updatable || d.refusal === null ? (
          <Tag color="success">{t('software.upgrade.updatable')}</Tag>
        ) : (
          <RefusalTag refusal={d.refusal} />
        ),
    },
  ];
  const scroll = useFitScroll(columns, { selection: true });

  return (
    <div className="upgrade-start__devices">
      <div className="software-toolbar list-toolbar upgrade-start__toolbar">
        <Input.Search
          className="software-toolbar__search upgrade-start__search"
          allowClear
          value={keyword}
          placeholder={w('keyword')}
          aria-label={w('keyword')}
          onChange={(e) => {
            setKeyword(e.target.value);
            if (e.target.value === '' && filters.keyword) filter({ keyword: undefined });
          }}
          onSearch={(q) => filter({ keyword: q.trim() || undefined })}
        />
        <DeviceGroupPicker
          className="software-toolbar__filter"
          allowClear
          aria-label={w('groupFilter')}
          placeholder={w('groupFilter')}
          value={filters.group_id}
          onChange={(value) => filter({ group_id: value })}
        />
        <Select<string>
          className="software-toolbar__filter"
          allowClear
          aria-label={w('modelFilter')}
          placeholder={w('modelFilter')}
          value={filters.model}
          onChange={(value) => filter({ model: value })}
          options={version.models.map((m) => ({ value: m, label: m }))}
        />
        <Select<string>
          className="software-toolbar__filter"
          allowClear
          showSearch
          aria-label={w('currentFilter')}
          placeholder={w('currentFilter')}
          value={filters.current}
          onChange={(value) => filter({ current: value })}
          options={(candidates.data?.versions ?? []).map((v) => ({ value: v, label: v }))}
        />
        <label className="upgrade-start__switch">
          <Switch
            size="small"
            checked={filters.updatable}
            onChange={(checked) => filter({ updatable: checked })}
          />
          <span>{w('onlyUpdatable')}</span>
        </label>
      </div>
      <div className="upgrade-start__selection" role="status">
        <Typography.Text strong>
          {t('software.upgrade.wizard.selected', { count: selected.length })}
        </Typography.Text>
        <Space wrap size={8}>
          <Button
            size="small"
            disabled={unchosenUpdatable.length === 0}
            onClick={() => choose([...selected, ...unchosenUpdatable])}
          >
            {t('software.upgrade.wizard.selectAll', { count: updatableIds.length })}
          </Button>
          {selected.length > 0 && (
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {w('clear')}
            </Button>
          )}
        </Space>
      </div>
      {candidates.isError ? (
        <Result
          status="warning"
          title={w('candidatesFailed')}
          subTitle={isApiError(candidates.error) ? candidates.error.detail : undefined}
          extra={<Button onClick={() => void candidates.refetch()}>{t('software.version.retry')}</Button>}
        />
      ) : (
        <DataTable<UpgradeCandidateOut>
          rowKey="device_id"
          size="small"
          columns={columns}
          scroll={scroll}
          dataSource={items}
          loading={candidates.isPending || (candidates.isFetching && candidates.isPlaceholderData)}
          rowClassName={(d) => (d.updatable ? '' : 'upgrade-start__row--refused')}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            getCheckboxProps: (d) => ({ disabled: !d.updatable, 'aria-label': d.sn_code }),
            onChange: (keys) => {
              // The table speaks for the rows of this page; the other pages' choices stay as they were.
              const onPage = new Set(items.map((d) => d.device_id));
              const picked = new Set(keys.map(Number));
              const kept = selected.filter((id) => !onPage.has(id) || picked.has(id));
              const added = items
                .filter((d) => d.updatable && picked.has(d.device_id) && !chosen.has(d.device_id))
                .map((d) => d.device_id);
              choose([...kept, ...added]);
            },
          }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={w('noCandidates')} />,
          }}
          pagination={{
            current: filters.page,
            pageSize: filters.page_size,
            total: candidates.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('software.upgrade.wizard.candidatesTotal', { total }),
          }}
          onChange={(pagination) =>
            setFilters({ ...filters, page: pagination.current ?? 1, page_size: CANDIDATE_PAGE_SIZE })
          }
        />
      )}
    </div>
  );
}

function planText(t: TFunction, count: number, waves: Waves): string {
  const body = wavesBody(waves);
  const sizes = waveSizes(count, body.first_wave, body.step_percent);
  if (sizes.length <= 1) return t('software.upgrade.wizard.planOne', { count });
  const shown = sizes.length > 8 ? [...sizes.slice(0, 6), '…', sizes.at(-1) ?? 0] : sizes;
  return t('software.upgrade.wizard.planWaves', { count: sizes.length, sizes: shown.join(' / ') });
}

function SettingsStep({
  count,
  waves,
  setWaves,
}: {
  count: number;
  waves: Waves;
  setWaves: (next: Waves) => void;
}) {
  const { t } = useTranslation();
  const w = (key: string) => t(`software.upgrade.wizard.${key}`);
  const missing = (value: number | null) => (value === null ? ('error' as const) : undefined);
  return (
    <Form layout="vertical" className="upgrade-start__form upgrade-start__settings" component="div">
      <Form.Item label={w('phased')} htmlFor="upgrade-start-phased" extra={w('phasedHelp')}>
        <Switch
          id="upgrade-start-phased"
          checked={waves.phased}
          onChange={(phased) => setWaves({ ...waves, phased })}
        />
      </Form.Item>
      {waves.phased && (
        <div className="upgrade-start__waves">
          <Form.Item
            label={w('firstWave')}
            htmlFor="upgrade-start-first"
            extra={w('firstWaveHelp')}
            validateStatus={missing(waves.firstWave)}
          >
            <InputNumber<number>
              id="upgrade-start-first"
              min={1}
              max={Math.max(1, count)}
              precision={0}
              value={waves.firstWave}
              suffix={w('devicesUnit')}
              onChange={(value) => setWaves({ ...waves, firstWave: value })}
            />
          </Form.Item>
          <Form.Item
            label={w('stepPercent')}
            htmlFor="upgrade-start-step"
            extra={w('stepPercentHelp')}
            validateStatus={missing(waves.stepPercent)}
          >
            <InputNumber<number>
              id="upgrade-start-step"
              min={1}
              max={100}
              precision={0}
              value={waves.stepPercent}
              suffix={w('percent')}
              onChange={(value) => setWaves({ ...waves, stepPercent: value })}
            />
          </Form.Item>
          <Form.Item
            label={w('failurePercent')}
            htmlFor="upgrade-start-failure"
            extra={w('failurePercentHelp')}
            validateStatus={missing(waves.failurePercent)}
          >
            <InputNumber<number>
              id="upgrade-start-failure"
              min={0}
              max={100}
              precision={0}
              value={waves.failurePercent}
              suffix={w('percent')}
              onChange={(value) => setWaves({ ...waves, failurePercent: value })}
            />
          </Form.Item>
        </div>
      )}
      <Alert type="info" showIcon title={w('plan')} description={planText(t, count, waves)} />
    </Form>
  );
}

function ConfirmStep({
  version,
  count,
  waves,
  error,
}: {
  version: SoftwareVersionOut;
  count: number;
  waves: Waves;
  error: string | null;
}) {
  const { t } = useTranslation();
  const w = (key: string) => t(`software.upgrade.wizard.${key}`);
  const body = wavesBody(waves);
  return (
    <div className="upgrade-start__confirm">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'version',
            label: w('summaryVersion'),
            children: (
              <span className="software-version-cell">
                <Typography.Text strong>{version.version}</Typography.Text>
                {version.mode === MODE_FORCED && <ForcedTag />}
              </span>
            ),
          },
          {
            key: 'devices',
            label: w('summaryDevices'),
            children: t('software.upgrade.wizard.summaryDevicesText', { count }),
          },
          {
            key: 'mode',
            label: w('summaryMode'),
            children: t(`software.upgrade.mode.${String(version.mode)}`),
          },
          { key: 'waves', label: w('summaryWaves'), children: planText(t, count, waves) },
          ...(waves.phased
            ? [
                {
                  key: 'threshold',
                  label: w('summaryThreshold'),
                  children:
                    body.failure_percent >= 100
                      ? t('software.upgrade.drawer.noThreshold')
                      : t('software.upgrade.drawer.thresholdText', { percent: body.failure_percent }),
                },
              ]
            : []),
        ]}
      />
      {version.mode === MODE_FORCED && (
        <Alert type="warning" showIcon className="upgrade-start__note" title={w('forcedWarning')} />
      )}
      <Typography.Paragraph type="secondary" className="upgrade-start__hint">
        {w('confirmHint')}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon className="upgrade-start__error" title={error} />}
    </div>
  );
}

export const UpgradeStartModal = perOpening(function UpgradeStartModal({
  open,
  onClose,
  onStarted,
}: UpgradeStartModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [step, setStep] = useState(0);
  const [versionId, setVersionId] = useState<number | undefined>(undefined);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const [waves, setWaves] = useState<Waves>({ phased: false, ...PHASED_DEFAULTS });
  const [error, setError] = useState<string | null>(null);
  const library = useVersions(VERSION_PARAMS);
  const start = useStartUpgrade();
  const published = (library.data?.items ?? []).filter((v) => v.state === STATE_PUBLISHED);
  const version = published.find((v) => v.id === versionId);
  const w = (key: string) => t(`software.upgrade.wizard.${key}`);

  const settingsValid =
    !waves.phased ||
    (waves.firstWave !== null && waves.stepPercent !== null && waves.failurePercent !== null);
  const canGoOn = [version !== undefined, selected.length > 0, settingsValid, true][step] ?? false;

  const submit = async () => {
    if (!version) return;
    setError(null);
    try {
      const upgrade = await start.mutateAsync({
        version_id: version.id,
        device_ids: selected,
        ...wavesBody(waves),
      });
      toast.success(
        t('software.upgrade.actions.started', { version: upgrade.to_version, count: upgrade.total }),
      );
      onStarted(upgrade);
    } catch (e) {
      setError(isApiError(e) ? e.detail : String(e));
    }
  };

  let content;
  if (step === 0 || !version)
    content = (
      <VersionStep
        versions={published}
        loading={library.isPending}
        failed={library.isError}
        value={versionId}
        onChange={(id) => {
          if (id !== versionId) {
            setVersionId(id);
            setSelected([]);
            setFilters(NO_FILTERS);
          }
        }}
      />
    );
  else if (step === 1)
    content = (
      <DevicesStep
        version={version}
        filters={filters}
        setFilters={setFilters}
        selected={selected}
        setSelected={(next) => {
          setSelected(next);
          setError(null);
        }}
      />
    );
  else if (step === 2) content = <SettingsStep count={selected.length} waves={waves} setWaves={setWaves} />;
  else content = <ConfirmStep version={version} count={selected.length} waves={waves} error={error} />;

  const last = step === STEPS.length - 1;
  return (
    <Modal
      open={open}
      title={w('title')}
      width={phone ? '100%' : 980}
      className={phone ? 'upgrade-start upgrade-start--phone' : 'upgrade-start'}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <div className="upgrade-start__footer">
          {step > 0 && !phone && (
            <Typography.Text type="secondary" className="upgrade-start__count">
              {t('software.upgrade.wizard.selected', { count: selected.length })}
            </Typography.Text>
          )}
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          {step > 0 && (
            <Button
              onClick={() => {
                setStep(step - 1);
                setError(null);
              }}
              disabled={start.isPending}
            >
              {w('previous')}
            </Button>
          )}
          {last ? (
            <Button type="primary" loading={start.isPending} onClick={() => void submit()}>
              {w('submit')}
            </Button>
          ) : (
            <Button type="primary" disabled={!canGoOn} onClick={() => setStep(step + 1)}>
              {w('next')}
            </Button>
          )}
        </div>
      }
    >
      <Steps
        className="upgrade-start__steps"
        size="small"
        current={step}
        responsive={false}
        titlePlacement={phone ? 'vertical' : 'horizontal'}
        items={STEPS.map((key) => ({ key, title: t(`software.upgrade.wizard.steps.${key}`) }))}
      />
      <div className="upgrade-start__body">{content}</div>
    </Modal>
  );
});
