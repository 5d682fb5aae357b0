// The configuration widget: a device's screen drawn by the screens runtime (DeviceScreen: the device's live values,
// states, jumps, pop-ups and controls), fed by the dashboard source's feed (the console's endpoints and socket, or a
// share link's GET /yun/shared/module/device and its socket, controls off). The screens are the device's template's
// latest publication (GET /yun/v2/rDev/screens); the card shows the chosen one, or the main web screen. Out of sight
// the screen is not mounted (it asks and subscribes nothing); the publication read stays cached for its return.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { DeviceScreen } from '@/designer/runtime';
import { FeedSourceProvider, useFeedSource } from '@/designer/runtime/feed-source';
import { normalizeDocument } from '@/designer/model';
import { screensFor, type DeviceScreensOut, type RuntimeScreenOut } from '@/lib/telemetry/get-device-screens';
import { errorDetail, isGone } from '../../data/gone';
import { useDashboardSource } from '../../data/source';
import { targetDevice } from '../../data/target';
import { WidgetFrame } from '../../data/theme';
import { ErrorState, GoneState, WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import './configuration.css';

const asRuntime = (screen: RuntimeScreenOut) => ({
  name: screen.name,
  document: normalizeDocument(screen.document),
  size: { width: screen.width, height: screen.height },
});

/** The screen a card shows: its chosen one when the publication holds it, else the main web screen; `missing` when
 * the chosen one is not there. */
export function pickScreen(
  data: DeviceScreensOut | undefined,
  screenId: number | null | undefined,
): { screen: RuntimeScreenOut | undefined; missing: boolean } {
  if (!data) return { screen: undefined, missing: false };
  const chosen = screenId == null ? undefined : data.screens.find((s) => s.id === screenId);
  if (chosen) return { screen: chosen, missing: false };
  return { screen: screensFor(data.screens, false)[0], missing: screenId != null };
}

export default function ConfigurationWidget({
  card,
  settings,
  mode,
  visible,
  linkage,
  theme,
}: WidgetProps<'configuration'>) {
  const { t } = useTranslation();
  const deviceId = targetDevice(card.link, settings.device_id, linkage);
  // A device picked in the tree may have another template: its main screen stands in for a screen it lacks.
  const followsPick = card.link === 'device' && linkage.deviceId !== null;
  const source = useDashboardSource();
  const query = source.useScreens(deviceId, visible);
  const { screen, missing } = pickScreen(query.data, settings.screen_id);
  const runtime = useMemo(() => (screen ? asRuntime(screen) : null), [screen]);

  let body;
  if (deviceId === null)
    body = (
      <WidgetState
        kind="empty"
        title={t('dashboards.widgets.configuration.noDevice')}
        detail={t(
          card.link === 'device'
            ? 'dashboards.widgets.configuration.pickHint'
            : 'dashboards.widgets.configuration.noDeviceHint',
        )}
      />
    );
  else if (query.isError)
    body = isGone(query.error) ? (
      <GoneState what="device" />
    ) : (
      <ErrorState detail={errorDetail(query.error)} onRetry={() => void query.refetch()} />
    );
  else if (!query.data) body = <WidgetState kind="loading" />;
  else if (missing && !followsPick) body = <GoneState what="screen" />;
  else if (!screen || !runtime)
    body = (
      <WidgetState
        kind="empty"
        title={t('dashboards.widgets.configuration.noScreen')}
        detail={t(
          query.data.template_id === null
            ? 'dashboards.widgets.configuration.noTemplateHint'
            : 'dashboards.widgets.configuration.noScreenHint',
        )}
      />
    );
  else if (!visible) body = <div className="dw-configuration__away" />;
  else {
    const screens = query.data.screens;
    const loadScreen = (id: number) => {
      const other = screens.find((s) => s.id === id);
      return other
        ? Promise.resolve(asRuntime(other))
        : Promise.reject(new Error(`screen ${String(id)} is not in the publication`));
    };
    body = (
      <div className="dw-configuration__screen" data-device-id={deviceId}>
        <FeedSourceProvider source={source.feed}>
          <DeviceScreen
            // Another device or screen starts afresh (its own values, jumps and pop-ups).
            key={`${String(deviceId)}-${String(screen.id)}`}
            deviceId={deviceId}
            screenId={screen.id}
            screenName={screen.name}
            doc={runtime.document}
            defaultSize={runtime.size}
            loadScreen={loadScreen}
            scope={`device-${String(deviceId)}-r${String(query.data.release ?? 0)}`}
            // The editor's grid shows the screen live but does not operate the device; nor does a share link's page.
            canOperate={mode === 'view' && source.writes}
            fit="contain"
          />
        </FeedSourceProvider>
      </div>
    );
  }

  return (
    <WidgetFrame theme={theme} className="dw-configuration" testId="widget-configuration">
      {visible && deviceId !== null && (
        <FeedSourceProvider source={source.feed}>
          <FeedWarmup deviceId={deviceId} />
        </FeedSourceProvider>
      )}
      {body}
    </WidgetFrame>
  );
}

/** Asks for what the screen's runtime reads of the device (its values, its write configuration, its live alarms)
 * beside the publication rather than after it: the runtime then finds them in the cache (one wave of requests less
 * on opening; B6). */
function FeedWarmup({ deviceId }: { deviceId: number }) {
  const feed = useFeedSource();
  feed.useSeed(deviceId);
  feed.useWriteConfig(deviceId);
  feed.useAlarms(deviceId);
  return null;
}
