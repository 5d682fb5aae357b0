// Codes a role may pick as its custom home page: those with a default page in the SPEC §2 table
// (mirrors app/default-page.ts DEFAULT_PAGE_BY_CODE, which a feature may not import).
export const HOME_PAGE_CODES: readonly string[] = [
  'P10000',
  'P20000',
  'P27000',
  'P24000',
  'P31000',
  'P32000',
  'P34000',
  'P41000',
  'P42000',
  'P51000',
  'P52000',
  'P53000',
  'P61000',
  'P62000',
  'P71000',
  'P72000',
  'P73000',
  'P81000',
  'P90000',
];

/** The home page choices among the role's permissions, in table order. */
export function homePageChoices(permissions: readonly string[]): string[] {
  return HOME_PAGE_CODES.filter((c) => permissions.includes(c));
}
