// A carousel device's name: its alias, else its SN; a device the user no longer reads (gone: a share withdrawn, a
// transfer) has neither, and is named "device no longer available".
import type { TFunction } from 'i18next';

import type { CarouselDevice } from '../../types';

export const deviceName = (
  d: Pick<CarouselDevice, 'alias' | 'sn_code' | 'available'>,
  t: TFunction,
): string => (!d.available ? t('dashboard.carousel.device.gone') : d.alias || d.sn_code);
