// Logout: revoke the token (errors ignored), clear the session and the cache, back to /login.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { logoutRequest } from '@/features/auth';
import { setSigningOut } from '@/lib/http';
import { logout } from '@/lib/session';
import { toast } from '@/lib/toast';

export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    setSigningOut(true);
    try {
      await logoutRequest();
    } catch {
      // The token may already be gone; signing out locally is what matters.
    }
    logout();
    queryClient.clear();
    toast.success(t('layout.user.loggedOut'));
    try {
      await navigate('/login', { replace: true });
    } finally {
      setSigningOut(false);
    }
  }, [navigate, queryClient, t]);
}
