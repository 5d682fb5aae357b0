// The phone layout switch: below antd's `md` breakpoint (768 px) the console lays itself out for a phone.
import { Grid } from 'antd';

/** True below the `md` breakpoint: menu in a drawer, cards and forms in one column. */
export function useIsPhone(): boolean {
  // `md` is undefined until the media queries have answered (before the first paint): desktop until then.
  return Grid.useBreakpoint().md === false;
}
