// Codes a role may pick as its custom home page: those with a default page in the SPEC §2 table.
import { DEFAULT_PAGE_BY_CODE } from '@/lib/default-page';

export const HOME_PAGE_CODES: readonly string[] = Object.keys(DEFAULT_PAGE_BY_CODE);

/** The home page choices among the role's permissions, in table order. */
export function homePageChoices(permissions: readonly string[]): string[] {
  return HOME_PAGE_CODES.filter((c) => permissions.includes(c));
}
