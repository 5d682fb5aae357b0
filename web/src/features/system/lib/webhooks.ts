// What the webhooks page shows and sends of a subscription and a delivery: the events in the order and groups the
// form offers them, a delivery state's colour, the errors the server records in words, and a subscription as its form
// sends it again (the list's switch keeps everything else).
import type { TFunction } from 'i18next';

import type { WebhookDeliveryState, WebhookEvent, WebhookIn, WebhookOut } from '../api/webhooks';

/** The events by what they concern, in the order the form and the log's filter offer them (core/limits.py
 * WebhookEvent). */
export const EVENT_GROUPS: readonly {
  key: 'device' | 'alarm' | 'operation';
  events: readonly WebhookEvent[];
}[] = [
  { key: 'device', events: ['device.online', 'device.offline'] },
  { key: 'alarm', events: ['alarm.produced', 'alarm.recovered', 'alarm.confirmed'] },
  { key: 'operation', events: ['value.written', 'upgrade.finished'] },
];

export const WEBHOOK_EVENT_LIST: readonly WebhookEvent[] = EVENT_GROUPS.flatMap((g) => g.events);

/** A delivery's states in the order one goes through them (notifications/schemas.py DeliveryState). */
export const DELIVERY_STATES: readonly WebhookDeliveryState[] = [
  'pending',
  'sending',
  'sent',
  'retrying',
  'failed',
  'skipped',
];

export const DELIVERY_STATE_COLORS: Record<WebhookDeliveryState, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  retrying: 'warning',
  failed: 'error',
  skipped: 'default',
};

/** A delivery that may be sent again by hand. */
export function resendable(state: WebhookDeliveryState): boolean {
  return state === 'failed' || state === 'skipped';
}

/** An event's name in the console's words (the test event among them). */
export function eventName(t: TFunction, event: string): string {
  return t(`system.webhooks.event.${event.replace('.', '_')}`, { defaultValue: event });
}

/** The errors the server records in words (notifications runner, fan-out and webhooks service); an HTTP status or
 * an exception's class name as it is. */
const KNOWN_ERRORS: Record<string, string> = {
  backlog: 'backlog',
  'subscription deleted': 'deleted',
  timeout: 'timeout',
};

export function errorText(t: TFunction, error: string): string {
  const known = KNOWN_ERRORS[error];
  if (known) return t(`system.webhooks.log.error.${known}`);
  const refused = /^target refused: (\w+)$/.exec(error);
  if (refused?.[1])
    return t(`system.webhooks.log.error.target.${refused[1]}`, {
      defaultValue: t('system.webhooks.log.error.target.private'),
    });
  return error;
}

/** A subscription as its form sends it, changed by `patch`. */
export function webhookInput(hook: WebhookOut, patch: Partial<WebhookIn> = {}): WebhookIn {
  return {
    name: hook.name,
    url: hook.url,
    events: hook.events,
    device_ids: hook.devices.map((d) => d.id),
    device_group_ids: hook.device_groups.map((g) => g.id),
    enabled: hook.enabled,
    ...patch,
  };
}
