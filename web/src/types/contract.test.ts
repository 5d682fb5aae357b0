// The hand-written payload types must keep the field names of the generated OpenAPI schemas (make gen).
import { describe, expectTypeOf, it } from 'vitest';

import type { LiveValue, RtdMessage, RtdRequest } from '@/lib/ws';
import type { components } from './api.gen';
import type { CaptchaPayload, CustomPageConfig, SessionPayload, SmsCodePayload } from './session';

type Schemas = components['schemas'];

describe('API contract', () => {
  it('session payload', () => {
    expectTypeOf<keyof SessionPayload>().toEqualTypeOf<keyof Schemas['SessionOut']>();
  });

  it('captcha, send-code and custom page payloads', () => {
    expectTypeOf<keyof CaptchaPayload>().toEqualTypeOf<keyof Schemas['CaptchaOut']>();
    expectTypeOf<keyof SmsCodePayload>().toEqualTypeOf<keyof Schemas['SendCodeOut']>();
    expectTypeOf<keyof CustomPageConfig>().toEqualTypeOf<keyof Schemas['CustomPageOut']>();
  });

  it('request bodies', () => {
    expectTypeOf<keyof Schemas['LoginIn']>().toEqualTypeOf<'username' | 'password' | 'code' | 'code_key'>();
    expectTypeOf<keyof Schemas['RegisterIn']>().toEqualTypeOf<
      'user_name' | 'account' | 'sms_code' | 'password' | 'password2' | 'company' | 'agree'
    >();
  });

  it('live channel frames are the generated unions', () => {
    expectTypeOf<RtdMessage>().toEqualTypeOf<Schemas['RtdMessage']>();
    expectTypeOf<RtdRequest>().toEqualTypeOf<Schemas['RtdRequest']>();
    expectTypeOf<LiveValue>().toEqualTypeOf<Schemas['LiveValue']>();
    expectTypeOf<RtdMessage['type']>().toEqualTypeOf<
      'ready' | 'snapshot' | 'values' | 'state' | 'alarm' | 'message' | 'brand' | 'error' | 'pong'
    >();
    expectTypeOf<RtdRequest['op']>().toEqualTypeOf<'auth' | 'sub' | 'unsub' | 'ping'>();
    expectTypeOf<Extract<RtdMessage, { type: 'error' }>>().toEqualTypeOf<Schemas['ErrorMessage']>();
  });
});
