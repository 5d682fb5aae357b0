// Built-in roles show their translated name (common.role.<code>); custom roles show their own name.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { isBuiltInRole } from '../lib/tags';
import { EMPTY } from '@/lib/empty';

export function useRoleLabel(): (code: string | null | undefined, name: string | null | undefined) => string {
  const { t } = useTranslation();
  return useCallback(
    (code, name) => (isBuiltInRole(code) ? t(`common.role.${code}`) : name || code || EMPTY),
    [t],
  );
}
