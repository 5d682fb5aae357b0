// The device's video address for the video element. A screen binds data sources, not devices (DESIGN §7): the
// runtime knows the device and provides its `video address` (SPEC §3 Device) here; the canvas provides none.
import { createContext, useContext } from 'react';

export const VideoSourceContext = createContext<string | null>(null);

export function useVideoSource(): string | null {
  return useContext(VideoSourceContext);
}
