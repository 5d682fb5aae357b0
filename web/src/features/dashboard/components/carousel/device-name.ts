// A carousel device's name: its alias, else its SN.
import type { CarouselDevice } from '../../types';

export const deviceName = (d: Pick<CarouselDevice, 'alias' | 'sn_code'>): string => d.alias || d.sn_code;
