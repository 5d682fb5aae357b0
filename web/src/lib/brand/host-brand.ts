// The brand of the host the browser arrived on (GET /yun/individuation/public): what a white-label domain's login
// page shows before anyone signs in, the platform's on any other host. Unsigned (the login page asks before the
// server clock is known) and silent (a failure leaves the platform's brand, with no toast).
import { get } from '../http';
import { hostBrandFailed, setHostBrand, viewOfHost, type BrandPublicOut } from './brand';

let asked: Promise<void> | null = null;

/** Asks once per page load (again after a failure). */
export function loadHostBrand(): Promise<void> {
  asked ??= get<BrandPublicOut>('/yun/individuation/public', undefined, { unsigned: true, silent: true })
    .then((brand) => {
      setHostBrand(viewOfHost(brand));
    })
    .catch(() => {
      asked = null;
      hostBrandFailed();
    });
  return asked;
}
