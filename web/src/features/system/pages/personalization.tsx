// Personalization (/system/personalization, P81000; issue 36, docs/api-system.md "Personalization and white label"):
// the tenant's platform name, logos for light and dark backgrounds, favicon, login background, slogan and footer,
// its primary colour (antd's theme and the charts follow it), default language and map theme, and a white-label
// domain; a live preview beside the form. Saved with PUT /yun/individuation: it is the brand in force at once here,
// and in every open console of the tenant (the live socket's `brand` frame); "Restore platform brand" removes it
// all after a confirmation. Below it, the tenant's default time zone (components/tenant-zone-card.tsx).
import { ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  ColorPicker,
  Form,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Tag,
} from 'antd';
import type { AggregationColor } from 'antd/es/color-picker/color';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MAP_THEMES } from '@/components/map/themes';
import { PageHeader } from '@/components/page-header';
import type { BrandOut } from '@/lib/brand/brand';
import { useTenantBrandQuery } from '@/lib/brand/tenant-brand';
import { LANGUAGES } from '@/lib/constants';
import { applyServerError } from '@/lib/form-errors';
import { colors, contrastWithWhite } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { BRAND_FOOTER_MAX, BRAND_NAME_MAX, BRAND_SLOGAN_MAX } from '@/types/limits.gen';
import { useResetBrand, useSaveBrand, type BrandSlot } from '../api/brand';
import { TenantZoneCard } from '../components/tenant-zone-card';
import { BrandImageField } from '../brand/brand-image-field';
import { BrandPreview } from '../brand/brand-preview';
import {
  brandRules,
  normalizeDomain,
  sameBrand,
  toBody,
  toValues,
  toView,
  type BrandValues,
} from '../brand/form';
import '../brand/brand.css';

/** Colours offered beside the picker: the platform's and a few that read well under white text. */
const COLOR_PRESETS = [colors.primary, '#0E7C66', '#0F766E', '#7C3AED', '#C2410C', '#BE123C', '#1E293B'];
/** Below this contrast with white, a primary button's label is hard to read (WCAG's large-text minimum). */
const MIN_CONTRAST = 3;
const FIELDS: readonly (keyof BrandValues)[] = [
  'platform_name',
  'slogan',
  'footer',
  'primary_color',
  'default_language',
  'map_theme',
  'domain',
  'logo_light',
  'logo_dark',
  'favicon',
  'background',
];
// The server names an image by its id field; the form by its place.
const ALIASES = {
  logo_light_id: 'logo_light',
  logo_dark_id: 'logo_dark',
  favicon_id: 'favicon',
  background_id: 'background',
};

function ColorField({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <ColorPicker
      format="hex"
      disabledAlpha
      allowClear
      showText={(color: AggregationColor) =>
        color.cleared ? t('system.brand.field.colorDefault') : color.toHexString().toUpperCase()
      }
      value={value ?? null}
      presets={[{ label: t('system.brand.field.color'), colors: COLOR_PRESETS }]}
      onChangeComplete={(color: AggregationColor) => {
        onChange?.(color.cleared ? null : color.toHexString().toUpperCase());
      }}
      onClear={() => onChange?.(null)}
      aria-label={t('system.brand.field.color')}
    />
  );
}

function DnsSteps({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const platform = window.location.hostname;
  const url = `https://${domain}/iotyun/login`;
  return (
    <Alert
      type="info"
      showIcon
      className="brand-form__dns"
      title={t('system.brand.dns.title')}
      description={
        <ol>
          <li>{t('system.brand.dns.step1', { domain, platform })}</li>
          <li>{t('system.brand.dns.step2', { domain })}</li>
          <li>{t('system.brand.dns.step3', { url })}</li>
        </ol>
      }
    />
  );
}

function BrandForm({ brand }: { brand: BrandOut }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<BrandValues>();
  const save = useSaveBrand();
  const reset = useResetBrand();
  const [saved, setSaved] = useState<BrandValues>(() => toValues(brand));
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<ReadonlySet<BrandSlot>>(new Set());
  const watched = Form.useWatch([], form) as Partial<BrandValues> | undefined;
  const current: BrandValues = { ...saved, ...watched };
  const view = toView(current);
  const dirty = !sameBrand(current, saved);
  const rules = brandRules(t, window.location.hostname);
  const contrast = current.primary_color ? contrastWithWhite(current.primary_color) : null;
  const domain = normalizeDomain(current.domain);

  const onBusy = (slot: BrandSlot, busy: boolean) => {
    setUploading((now) => {
      const next = new Set(now);
      if (busy) next.add(slot);
      else next.delete(slot);
      return next;
    });
  };

  const keep = (fresh: BrandOut) => {
    setSaved(toValues(fresh));
  };
  // The form shows what was last saved whenever that changes (a save, a restore, a save elsewhere).
  useEffect(() => {
    form.setFieldsValue(saved);
  }, [form, saved]);

  // Saved elsewhere (another administrator, another tab) while nothing is edited here: the form shows it. With edits
  // under way they stay, and saving them replaces the other save (the last save wins).
  const [seenVersion, setSeenVersion] = useState(brand.version);
  if (brand.version !== seenVersion) {
    setSeenVersion(brand.version);
    if (!dirty) setSaved(toValues(brand));
  }

  const onFinish = async (values: BrandValues) => {
    setError(null);
    try {
      keep(await save.mutateAsync(toBody({ ...saved, ...values })));
      toast.success(t('system.brand.actions.saved'));
    } catch (e) {
      setError(applyServerError(form, e, FIELDS, ALIASES));
    }
  };

  const confirmReset = () => {
    void modal.confirm({
      title: t('system.brand.actions.resetTitle'),
      content: t('system.brand.actions.resetContent'),
      okText: t('system.brand.actions.resetOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: async () => {
        keep(await reset.mutateAsync());
        setError(null);
        toast.success(t('system.brand.actions.resetDone'));
      },
    });
  };

  const image = (slot: BrandSlot, label: string, hint: string) => (
    <Form.Item name={slot} label={label} extra={hint}>
      <BrandImageField slot={slot} label={label} onBusy={onBusy} />
    </Form.Item>
  );

  return (
    <div className="brand-page">
      <Form<BrandValues>
        form={form}
        name="brand"
        layout="vertical"
        className="brand-form"
        initialValues={saved}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={() => setError(null)}
      >
        <Card size="small" title={t('system.brand.section.identity')}>
          <Form.Item
            name="platform_name"
            label={t('system.brand.field.name')}
            extra={t('system.brand.field.nameHint')}
            rules={rules.platform_name}
          >
            <Input placeholder={t('common.product.name')} maxLength={BRAND_NAME_MAX} showCount allowClear />
          </Form.Item>
          <div className="brand-form__images">
            {image('logo_light', t('system.brand.field.logoLight'), t('system.brand.field.logoLightHint'))}
            {image('logo_dark', t('system.brand.field.logoDark'), t('system.brand.field.logoDarkHint'))}
          </div>
          {image('favicon', t('system.brand.field.favicon'), t('system.brand.field.faviconHint'))}
        </Card>
        <Card size="small" title={t('system.brand.section.login')}>
          <Form.Item name="slogan" label={t('system.brand.field.slogan')} rules={rules.slogan}>
            <Input
              placeholder={t('system.brand.field.sloganPlaceholder')}
              maxLength={BRAND_SLOGAN_MAX}
              showCount
              allowClear
            />
          </Form.Item>
          {image('background', t('system.brand.field.background'), t('system.brand.field.backgroundHint'))}
          <Form.Item name="footer" label={t('system.brand.field.footer')} rules={rules.footer}>
            <Input
              placeholder={t('system.brand.field.footerPlaceholder')}
              maxLength={BRAND_FOOTER_MAX}
              showCount
              allowClear
            />
          </Form.Item>
        </Card>
        <Card size="small" title={t('system.brand.section.appearance')}>
          <Form.Item
            name="primary_color"
            label={t('system.brand.field.color')}
            extra={t('system.brand.field.colorHint')}
          >
            <ColorField />
          </Form.Item>
          {contrast !== null && contrast < MIN_CONTRAST && (
            <Alert
              type="warning"
              showIcon
              className="brand-form__contrast"
              title={t('system.brand.field.lowContrast', { ratio: contrast.toFixed(1) })}
            />
          )}
          <div className="brand-form__pair">
            <Form.Item
              name="default_language"
              label={t('system.brand.field.language')}
              extra={t('system.brand.field.languageHint')}
            >
              <Select options={LANGUAGES.map((value) => ({ value, label: t(`common.language.${value}`) }))} />
            </Form.Item>
            <Form.Item name="map_theme" label={t('system.brand.field.mapTheme')}>
              <Select
                allowClear
                placeholder={t('system.brand.field.mapThemeDefault')}
                options={MAP_THEMES.map((value) => ({ value, label: t(`device.map.theme.${value}`) }))}
              />
            </Form.Item>
          </div>
        </Card>
        <Card size="small" title={t('system.brand.section.domain')}>
          <Form.Item
            name="domain"
            label={t('system.brand.field.domain')}
            extra={t('system.brand.field.domainHint')}
            rules={rules.domain}
            validateFirst
          >
            <Input placeholder={t('system.brand.field.domainPlaceholder')} allowClear autoComplete="off" />
          </Form.Item>
          {domain && <DnsSteps domain={domain} />}
        </Card>
        {error && <Alert type="error" showIcon title={error} className="brand-form__error" />}
        <div className="brand-form__actions">
          <Button danger icon={<UndoOutlined />} onClick={confirmReset} loading={reset.isPending}>
            {t('system.brand.actions.reset')}
          </Button>
          <Space wrap>
            {dirty && <Tag color="warning">{t('system.brand.actions.unsaved')}</Tag>}
            <Button
              disabled={!dirty}
              onClick={() => {
                // The brand saved last: a save elsewhere during the edits included (the edits kept it from the form).
                const latest = toValues(brand);
                setSaved(latest);
                form.setFieldsValue(latest);
                form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
                setError(null);
              }}
            >
              {t('system.brand.actions.discard')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={uploading.size > 0}>
              {t('system.brand.actions.save')}
            </Button>
          </Space>
        </div>
      </Form>
      <aside className="brand-page__preview" aria-label={t('system.brand.preview.title')}>
        <Card size="small" title={t('system.brand.preview.title')}>
          <p className="brand-page__hint">{t('system.brand.preview.hint')}</p>
          <BrandPreview brand={view} />
        </Card>
      </aside>
    </div>
  );
}

export default function PersonalizationPage() {
  const { t } = useTranslation();
  const brand = useTenantBrandQuery();
  let body;
  if (brand.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (brand.isError)
    body = (
      <Result
        status="error"
        title={t('system.brand.loadFailed')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void brand.refetch()}>
            {t('system.brand.retry')}
          </Button>
        }
      />
    );
  else body = <BrandForm brand={brand.data} />;
  return (
    <>
      <PageHeader title={t('menu.personalization')} subTitle={t('system.brand.subtitle')} />
      {body}
      <TenantZoneCard />
    </>
  );
}
