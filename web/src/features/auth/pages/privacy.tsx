// Privacy policy: the full text lives in locales/{zh,en}/privacy.json.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitch } from '@/components/language-switch';

const SECTIONS = [
  'collect',
  'use',
  'cookies',
  'storage',
  'sharing',
  'security',
  'rights',
  'minors',
  'changes',
  'contact',
] as const;

export default function PrivacyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="doc-page">
      <header className="doc-page__header">
        <BrandLogo />
        <div className="doc-page__actions">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => {
              if (window.history.length > 1) void navigate(-1);
              else void navigate('/login');
            }}
          >
            {t('privacy.back')}
          </Button>
          <LanguageSwitch />
        </div>
      </header>
      <Card className="doc-page__card">
        <Typography>
          <Typography.Title level={2}>{t('privacy.title')}</Typography.Title>
          <Typography.Text type="secondary">{t('privacy.updated')}</Typography.Text>
          <Typography.Paragraph className="doc-page__intro">{t('privacy.intro')}</Typography.Paragraph>
          {SECTIONS.map((id) => (
            <section key={id}>
              <Typography.Title level={4}>{t(`privacy.sections.${id}.title`)}</Typography.Title>
              {t(`privacy.sections.${id}.body`)
                .split('\n')
                .map((paragraph) => (
                  <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
                ))}
            </section>
          ))}
        </Typography>
      </Card>
    </div>
  );
}
