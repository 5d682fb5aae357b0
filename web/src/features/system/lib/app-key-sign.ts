// Signing a call with an app key (docs/api-system.md "Signing a call"), in the browser with Web Crypto: the try-it
// panel of /documentAppKey signs with a secret the user pastes, which never leaves the page. The same string to sign
// as the server's (iotyun/system/appkeys/signing.py); app-key-sign.test.ts checks a known answer of it.

export interface SignInput {
  method: string;
  /** The path under the API base, e.g. /dev/basic/12. */
  path: string;
  /** The query exactly as sent, without "?" ('' when none). */
  query: string;
  timestamp: string;
  nonce: string;
  body: string;
}

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** METHOD, path, query, timestamp, nonce and the body's SHA-256, one a line. */
export async function stringToSign(input: SignInput): Promise<string> {
  const digest = await sha256Hex(input.body);
  return [input.method.toUpperCase(), input.path, input.query, input.timestamp, input.nonce, digest].join(
    '\n',
  );
}

/** X-Signature: hex HMAC-SHA256 of the string to sign, keyed by SHA-256(secret). */
export async function signCall(secret: string, input: SignInput): Promise<string> {
  const keyBytes = await crypto.subtle.digest('SHA-256', encoder.encode(secret));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const text = await stringToSign(input);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

/** A fresh nonce: 16 random bytes as hex. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return hex(bytes.buffer);
}

/** The headers of a signed call. */
export async function signedHeaders(
  keyId: string,
  secret: string,
  call: Omit<SignInput, 'timestamp' | 'nonce'>,
  now: number = Date.now(),
): Promise<Record<string, string>> {
  const timestamp = String(now);
  const nonce = newNonce();
  const signature = await signCall(secret, { ...call, timestamp, nonce });
  return { 'X-App-Key': keyId, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature };
}

/** The query of a call from its parameters, as URLSearchParams spells it (what is sent is what is signed). */
export function queryOf(params: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== '') search.append(name, value);
  return search.toString();
}

export interface Example {
  method: string;
  path: string;
  query: string;
  body: string;
}

/** A shell recipe with curl and openssl (bash); `apiRoot` is the API's address (…/api). */
export function curlExample(apiRoot: string, e: Example): string {
  const url = `${apiRoot}${e.path}${e.query ? `?${e.query}` : ''}`;
  const lines = [
    'KEY_ID="ak_..."; SECRET="aks_..."',
    `BODY='${e.body.replace(/'/g, "'\\''")}'`,
    'TS=$(date +%s%3N); NONCE=$(openssl rand -hex 16)',
    'SIGNING_KEY=$(printf %s "$SECRET" | openssl dgst -sha256 -r | cut -c1-64)',
    'BODY_SHA=$(printf %s "$BODY" | openssl dgst -sha256 -r | cut -c1-64)',
    `SIG=$(printf '%s\\n%s\\n%s\\n%s\\n%s\\n%s' ${e.method} '${e.path}' '${e.query}' "$TS" "$NONCE" "$BODY_SHA" \\`,
    '  | openssl dgst -sha256 -mac HMAC -macopt hexkey:$SIGNING_KEY -r | cut -c1-64)',
    `curl -X ${e.method} '${url}' \\`,
    `  -H "X-App-Key: $KEY_ID" -H "X-Timestamp: $TS" -H "X-Nonce: $NONCE" -H "X-Signature: $SIG"${e.body ? ' \\' : ''}`,
  ];
  if (e.body) lines.push('  -H "Content-Type: application/json" --data-binary "$BODY"');
  return lines.join('\n');
}

/** The same call in Python 3 (standard library only). */
export function pythonExample(apiRoot: string, e: Example): string {
  return [
    'import hashlib, hmac, secrets, time, urllib.request',
    '',
    'KEY_ID, SECRET = "ak_...", "aks_..."',
    `method, path, query = "${e.method}", "${e.path}", "${e.query}"`,
    `body = ${JSON.stringify(e.body)}.encode()`,
    'ts, nonce = str(int(time.time() * 1000)), secrets.token_hex(16)',
    'text = "\\n".join([method, path, query, ts, nonce, hashlib.sha256(body).hexdigest()])',
    'key = hashlib.sha256(SECRET.encode()).digest()',
    'sig = hmac.new(key, text.encode(), hashlib.sha256).hexdigest()',
    'headers = {"X-App-Key": KEY_ID, "X-Timestamp": ts, "X-Nonce": nonce, "X-Signature": sig,',
    '           "Content-Type": "application/json"}',
    `url = "${apiRoot}" + path + ("?" + query if query else "")`,
    'req = urllib.request.Request(url, data=body or None, headers=headers, method=method)',
    'print(urllib.request.urlopen(req).read().decode())',
  ].join('\n');
}
