// Pause, resume or cancel a rollout with the toast that says it was done (a refusal is toasted by the request).
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';
import { useUpgradeAction, type UpgradeAction, type UpgradeOut } from '../api/upgrades';

const DONE: Record<UpgradeAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' };

export function useUpgradeActions(): {
  run: (upgrade: Pick<UpgradeOut, 'id'>, action: UpgradeAction) => void;
  /** The rollout whose action is being sent, if any. */
  pending: number | undefined;
} {
  const { t } = useTranslation();
  const mutation = useUpgradeAction();
  return {
    run: (upgrade, action) => {
      mutation.mutate(
        { id: upgrade.id, action },
        { onSuccess: () => toast.success(t(`software.upgrade.actions.${DONE[action]}`)) },
      );
    },
    pending: mutation.isPending ? mutation.variables.id : undefined,
  };
}
