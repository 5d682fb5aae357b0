// POST /user/cancel: cancels the administrator's account (refused while sub-users, devices or templates remain).
import { useMutation } from '@tanstack/react-query';

import { post } from '@/lib/http';

export function cancelAccount(password: string): Promise<null> {
  return post<null>('/user/cancel', { password }, { silent: true });
}

export function useCancelAccount() {
  return useMutation({ mutationFn: cancelAccount });
}
