// POST /yun/userInfo: creates a user (field errors come back in meta.field).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { UserOut } from '../types';
import { teamKeys } from './keys';

export interface CreateUserInput {
  user_name: string;
  password: string;
  password2: string;
  nick_name?: string;
  phone?: string;
  email?: string;
  company?: string;
  role_id: number;
  group_id?: number | null;
  is_admin2?: boolean;
  must_change_password?: boolean;
}

export function createUser(input: CreateUserInput): Promise<UserOut> {
  return post<UserOut>('/yun/userInfo', input, { silent: true });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.groups() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.roles() });
    },
  });
}
