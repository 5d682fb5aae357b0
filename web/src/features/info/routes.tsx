// Message centre routes (SPEC §2: /info P70000; the alarm notifications are the administrator's alone).
import { Perm, Role } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const infoRoutes: AppRoute[] = [
  {
    path: 'info',
    perms: [Perm.INFO],
    menu: 'menu.info',
    icon: 'MessageOutlined',
    children: [
      { path: 'systemMsg', menu: 'menu.systemMsg', lazy: () => import('./pages/system-msg') },
      { path: 'inbox', perms: [Perm.INBOX], menu: 'menu.inbox', lazy: () => import('./pages/inbox') },
      {
        path: 'logInfo',
        perms: [Perm.LOG_INFO],
        menu: 'menu.logInfo',
        lazy: () => import('./pages/log-info'),
      },
      {
        path: 'realTimeFault',
        perms: [Perm.REAL_TIME_FAULT],
        menu: 'menu.realTimeFault',
        lazy: () => import('./pages/real-time-fault'),
      },
      {
        path: 'alarmNotify',
        perms: [Role.ADMINISTRATOR],
        menu: 'menu.alarmNotify',
        lazy: () => import('./pages/alarm-notify'),
      },
    ],
  },
];
