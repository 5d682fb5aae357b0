// The try-it panel of an operation on /documentAppKey: a key id and its secret pasted by the user (kept in this page's
// memory only, never sent: the call is signed here with Web Crypto), the operation's parameters and body, and the
// answer as the server gave it.
import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiBase } from '@/lib/config';
import { signedHeaders } from '../lib/app-key-sign';
import { exampleParams, resolveCall, type KeyOperation } from '../lib/app-key-operations';

export interface KeyCredentials {
  keyId: string;
  secret: string;
}

interface Props {
  op: KeyOperation;
  credentials: KeyCredentials;
  onCredentials: (next: KeyCredentials) => void;
  /** The signed-in user's active keys, to pick the id from (the secret is still pasted: the server has none). */
  myKeys?: readonly { key_id: string; name: string }[];
}

/** The header the key id travels in (a name, not a text). */
const KEY_HEADER = 'X-App-Key';

interface Answer {
  status: number;
  text: string;
}

/** A parameter's placeholder: its default, else its type. */
function hintOf(value: unknown, type: string): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : type;
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function AppKeyTry({ op, credentials, onCredentials, myKeys = [] }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() => exampleParams(op));
  const [body, setBody] = useState(() => (op.body_example ? JSON.stringify(op.body_example, null, 2) : ''));
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const hasBody = op.body_example !== null;

  const send = async () => {
    setProblem(null);
    setAnswer(null);
    if (!credentials.keyId.trim() || !credentials.secret.trim()) {
      setProblem(t('system.appKeys.doc.try.needKey'));
      return;
    }
    const { path, query, missing } = resolveCall(op, values);
    if (missing.length) {
      setProblem(t('system.appKeys.doc.try.missing', { names: missing.join(', ') }));
      return;
    }
    let sent = '';
    if (hasBody) {
      try {
        sent = JSON.stringify(JSON.parse(body || '{}'));
      } catch {
        setProblem(t('system.appKeys.doc.try.badJson'));
        return;
      }
    }
    setSending(true);
    try {
      const headers = await signedHeaders(credentials.keyId.trim(), credentials.secret.trim(), {
        method: op.method,
        path,
        query,
        body: sent,
      });
      if (sent) headers['Content-Type'] = 'application/json';
      const resp = await fetch(`${apiBase()}${path}${query ? `?${query}` : ''}`, {
        method: op.method,
        headers,
        body: sent || undefined,
      });
      setAnswer({ status: resp.status, text: pretty(await resp.text()) });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="app-key-doc__try">
      {myKeys.length > 0 && (
        <Select
          className="app-key-doc__pick"
          placeholder={t('system.appKeys.doc.try.pick')}
          aria-label={t('system.appKeys.doc.try.pick')}
          value={myKeys.some((k) => k.key_id === credentials.keyId) ? credentials.keyId : undefined}
          options={myKeys.map((k) => ({ value: k.key_id, label: `${k.name} · ${k.key_id}` }))}
          onChange={(keyId: string) => onCredentials({ ...credentials, keyId })}
        />
      )}
      <div className="app-key-doc__try-row">
        <Input
          prefix={<span className="app-key-doc__label">{KEY_HEADER}</span>}
          value={credentials.keyId}
          placeholder="ak_..."
          autoComplete="off"
          aria-label={t('system.appKeys.doc.try.keyId')}
          onChange={(e) => onCredentials({ ...credentials, keyId: e.target.value })}
        />
        <Input.Password
          value={credentials.secret}
          placeholder="aks_..."
          autoComplete="off"
          aria-label={t('system.appKeys.doc.try.secret')}
          onChange={(e) => onCredentials({ ...credentials, secret: e.target.value })}
        />
      </div>
      <Typography.Text type="secondary">{t('system.appKeys.doc.try.secretStays')}</Typography.Text>
      {op.parameters.length > 0 && (
        <div className="app-key-doc__try-row">
          {op.parameters.map((p) => (
            <Input
              key={p.name}
              prefix={<span className="app-key-doc__label">{`${p.name}${p.required ? ' *' : ''}`}</span>}
              value={values[p.name] ?? ''}
              placeholder={hintOf(p.default, p.type)}
              aria-label={p.name}
              onChange={(e) => setValues((was) => ({ ...was, [p.name]: e.target.value }))}
            />
          ))}
        </div>
      )}
      {hasBody && (
        <Input.TextArea
          value={body}
          autoSize={{ minRows: 3, maxRows: 12 }}
          className="app-key-secret__value"
          aria-label={t('system.appKeys.doc.try.body')}
          onChange={(e) => setBody(e.target.value)}
        />
      )}
      <div>
        <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()}>
          {t('system.appKeys.doc.try.send')}
        </Button>
      </div>
      {problem && <Alert type="error" showIcon title={problem} />}
      {answer && (
        <div>
          <Typography.Text type="secondary">
            {t('system.appKeys.doc.try.status', { status: answer.status })}
          </Typography.Text>
          <pre className="app-key-code" data-testid="try-answer">
            {answer.text}
          </pre>
        </div>
      )}
    </div>
  );
}
