// /documentAppKey (public, SPEC §2; issue 36 point 4, docs/api-system.md "Open API"): the integrator's reference. The
// operations an app key may call are generated from the OpenAPI document (x-app-key-scope, `make gen`), grouped by
// scope, each with its parameters and body, a curl and a Python example of the signed call, and a try-it panel that
// signs the call here with Web Crypto using a key id and secret the user pastes (kept in this page only); signed in,
// the user picks the id among their active keys.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Table, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitch } from '@/components/language-switch';
import { apiBase } from '@/lib/config';
import { useSession } from '@/lib/session';
import { useMyActiveKeys, type AppKeyOut } from '../api/app-keys';
import { AppKeyTry, type KeyCredentials } from '../components/app-key-try';
import { curlExample, pythonExample } from '../lib/app-key-sign';
import {
  exampleParams,
  KEY_OPERATIONS,
  KEY_SCOPES,
  operationAnchor,
  resolveCall,
  type KeyOperation,
} from '../lib/app-key-operations';
import { scopeKey } from '../lib/app-keys';
import '../app-keys.css';

const METHOD_COLOR: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

const REFUSALS = [
  '117840',
  '117841',
  '117842',
  '117843',
  '117844',
  '117845',
  '117846',
  '117847',
  '117848',
  '117855',
] as const;

/** The catalogue's texts hold the server's `{seconds}` and `{limit}`: the skew allowed, else the key's own number. */
function refusalText(text: string, code: string): string {
  return text.replace('{seconds}', code === '117844' ? '300' : 'N').replace('{limit}', 'N');
}

const SIGNING = [
  'signing_key    = SHA-256(secret)',
  'string_to_sign = METHOD + "\\n" + PATH + "\\n" + QUERY + "\\n" + X-Timestamp + "\\n" + X-Nonce + "\\n" + hex(SHA-256(body))',
  'X-Signature    = hex(HMAC-SHA256(signing_key, string_to_sign))',
].join('\n');

function apiRoot(): string {
  return new URL(apiBase(), window.location.origin).toString().replace(/\/$/, '');
}

function Operation({
  op,
  credentials,
  onCredentials,
  myKeys,
}: {
  op: KeyOperation;
  credentials: KeyCredentials;
  onCredentials: (next: KeyCredentials) => void;
  myKeys: readonly AppKeyOut[];
}) {
  const { t } = useTranslation();
  const example = useMemo(() => {
    const { path, query } = resolveCall(op, exampleParams(op));
    return { method: op.method, path, query, body: op.body_example ? JSON.stringify(op.body_example) : '' };
  }, [op]);
  const root = apiRoot();
  const fields = [
    ...op.parameters.map((p) => ({
      key: `p-${p.name}`,
      name: p.name,
      where: p.in,
      type: p.type,
      required: p.required,
    })),
    ...op.body_fields.map((f) => ({
      key: `b-${f.name}`,
      name: f.name,
      where: 'body',
      type: f.type,
      required: f.required,
    })),
  ];
  return (
    <Card
      id={operationAnchor(op)}
      size="small"
      className="app-key-doc__section"
      title={
        <span className="app-key-doc__op-head">
          <Tag color={METHOD_COLOR[op.method] ?? 'default'}>{op.method}</Tag>
          <span className="app-key-doc__path">{op.path}</span>
          <Typography.Text type="secondary">{op.summary}</Typography.Text>
        </span>
      }
    >
      {fields.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={fields}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('system.appKeys.doc.field.name'),
              dataIndex: 'name',
              render: (v: string) => <code>{v}</code>,
            },
            { title: t('system.appKeys.doc.field.in'), dataIndex: 'where' },
            { title: t('system.appKeys.doc.field.type'), dataIndex: 'type' },
            {
              title: t('system.appKeys.doc.field.required'),
              dataIndex: 'required',
              render: (v: boolean) => (v ? t('system.appKeys.doc.yes') : ''),
            },
          ]}
        />
      )}
      <Tabs
        size="small"
        items={[
          { key: 'curl', label: 'curl', children: <pre>{curlExample(root, example)}</pre> },
          { key: 'python', label: 'Python', children: <pre>{pythonExample(root, example)}</pre> },
          {
            key: 'try',
            label: t('system.appKeys.doc.try.tab'),
            children: (
              <AppKeyTry op={op} credentials={credentials} onCredentials={onCredentials} myKeys={myKeys} />
            ),
          },
        ]}
      />
    </Card>
  );
}

export default function DocumentAppKeyPage() {
  const { t } = useTranslation();
  // Shared by every operation's try-it panel; never stored.
  const [credentials, setCredentials] = useState<KeyCredentials>({ keyId: '', secret: '' });
  const signedIn = useSession((s) => Boolean(s.token));
  const myKeys = useMyActiveKeys(signedIn).data ?? [];
  return (
    <div className="doc-page">
      <header className="doc-page__header">
        <BrandLogo />
        <div className="doc-page__actions">
          <Link to="/system/appKeys">
            <ArrowLeftOutlined /> {t('system.appKeys.doc.manage')}
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <div className="app-key-doc">
        <Typography>
          <Typography.Title level={2}>{t('menu.documentAppKey')}</Typography.Title>
          <Typography.Paragraph>{t('system.appKeys.doc.intro')}</Typography.Paragraph>
          <Typography.Title level={4}>{t('system.appKeys.doc.signingTitle')}</Typography.Title>
          <Typography.Paragraph>{t('system.appKeys.doc.signing')}</Typography.Paragraph>
          <pre>
            {
              'X-App-Key: ak_...\nX-Timestamp: <epoch ms>\nX-Nonce: <16-64 of A-Z a-z 0-9 - _>\nX-Signature: <64 hex>'
            }
          </pre>
          <pre>{SIGNING}</pre>
          <Typography.Paragraph>{t('system.appKeys.doc.signingNotes')}</Typography.Paragraph>
          <Typography.Title level={4}>{t('system.appKeys.doc.refusalsTitle')}</Typography.Title>
          <Typography.Paragraph>{t('system.appKeys.doc.refusals')}</Typography.Paragraph>
          <ul>
            {REFUSALS.map((c) => (
              <li key={c}>
                <code>{c}</code> {refusalText(t(c, { ns: 'errors' }), c)}
              </li>
            ))}
          </ul>
          <Typography.Title level={4}>{t('system.appKeys.doc.operationsTitle')}</Typography.Title>
        </Typography>
        {KEY_SCOPES.map((scope) => (
          <section key={scope} className="app-key-doc__section" aria-label={scope}>
            <Typography.Title level={5}>
              {t(`system.appKeys.scope.${scopeKey(scope)}`)} <Typography.Text code>{scope}</Typography.Text>
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {t(`system.appKeys.scopeHint.${scopeKey(scope)}`)}
            </Typography.Paragraph>
            {KEY_OPERATIONS.filter((op) => op.scope === scope).map((op) => (
              <Operation
                key={op.operation_id}
                op={op}
                credentials={credentials}
                onCredentials={setCredentials}
                myKeys={myKeys}
              />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
