// The screen runtime (DESIGN §7): what draws a screen with a device's live values, without any editing code. The
// designer's preview is its first user (preview/); issue 16's screens at work mount the same pieces.
// createValuesStore(frame?): values by data source id; seed and alarms at once, pushes once per animation frame.
export { animationFrame, createValuesStore } from './values-store';
export type { FrameScheduler, SourceSeed, ValuesStore } from './values-store';
// useBoundValues(store, element.bindings): an element's values by binding key, re-rendering only for its own sources.
export { useBoundValues } from './use-bound-values';
// ScreenView: a document drawn read-only, fitted to its box, each element through the registry in preview mode.
export { ScreenView } from './screen-view';
export type { ScreenAction, ScreenViewProps, ScreenWrite } from './screen-view';
// useDeviceFeed(store, deviceId, sourceIds, canOperate?): GET /rDev seed + live pushes + alarms + write rules.
export { useDeviceFeed } from './use-device-feed';
export type { DeviceFeed } from './use-device-feed';
// useTrendHistory(doc, deviceId): the trend charts' history (TrendHistoryContext).
export { useTrendHistory } from './use-trend-history';
// useScreenWrite(deviceId, passwordRequired): control writes through POST /yun/rDev, asking the control password.
export { useScreenWrite } from './use-screen-write';
// RuntimeProviders: ControlAccessContext, DeviceAlarmsContext and TrendHistoryContext for a screen.
export { RuntimeProviders } from './runtime-providers';
// sheet: the screen's background (shared with the editor's canvas) and the fit scale.
export { backdropStyle, fitScale } from './sheet';
// DeviceScreen: one device's screen at work, with jumps, pop-ups (the opener's device) and writes.
export { DeviceScreen } from './device-screen';
export type { DeviceScreenProps, RuntimeScreen } from './device-screen';
// ScreenThumbnail: a screen drawn small and read-only once scrolled into view (the registry in edit mode, no values).
export { ScreenThumbnail } from './screen-thumbnail';
export type { ScreenThumbnailProps, ThumbnailScreen } from './screen-thumbnail';
// FeedSourceProvider: where the screens below read and write their device's data (the console's by default; a
// shared link's page provides the /yun/shared/module endpoints and its own socket).
export { consoleFeedSource, FeedSourceProvider, useFeedSource } from './feed-source';
export type { FeedQuery, FeedSource } from './feed-source';
// createShareFeedSource: a share link's source (GET /yun/shared/module/device, its write, the link's own socket).
export { createShareFeedSource } from './share-feed-source';
export type { ShareFeedOptions } from './share-feed-source';
