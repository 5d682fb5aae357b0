// The alarm banner: a strip under the console's header, on every console page (the console's frame mounts it, so
// never on /login or a share link's page), showing the alarms produced since the page opened at the levels the user
// chose (alarm-banner-settings.ts), newest first: level, device, alarm, value and time, "+N more" and arrows to step
// through them; Confirm (a note, POST /rAlarmDev/confirmation), Shelve (a duration and a reason, POST
// /rAlarmDev/shelve), View (the real-time alarm page) and × (hidden until the next new alarm). An alarm leaves it
// once confirmed or shelved here, or when a later push says it recovered or was confirmed. New alarms are announced
// to screen readers (role="alert") and, when the user turned the sound on, beep (alarm-sound.ts). For the users who
// read alarms: P73000 or P10000, as the header's bell (View needs the alarm page's P73000). The strip's markup is in
// alarm-banner-view.tsx.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { ShelveTarget } from '@/components/alarms/shelve-alarms-modal';
import { useCan } from '@/components/can';
import { useIsPhone } from '@/components/use-phone';
import { isShelved } from '@/lib/alarms/tags';
import type { AlarmOut } from '@/lib/alarms/types';
import { isApiError } from '@/lib/http';
import { holdsDeviceItem, Perm } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useAlarmFeed } from '@/lib/ws';
import { useAlarmBannerSettings } from './alarm-banner-settings';
import { beep, unlockSound, useSoundState } from './alarm-sound';
import { AlarmBannerSettingsModal, ConfirmAlarmsModal, ShelveAlarmsModal } from './deferred-modals';
import './alarm-banner.css';

// The strip itself (alarm-banner-view.tsx: antd's Button, Tooltip and Tag, its icons) loads with the first alarm it
// shows: most page loads have none.
const AlarmBannerView = lazy(() => import('./alarm-banner-view'));

/** Where View leads. */
export const REALTIME_ALARMS_PAGE = '/info/realTimeFault';

/** The most alarms the banner holds (the oldest leave first); the alarm page lists them all. */
export const BANNER_MAX = 50;

/** Two new alarms closer than this beep once. */
export const BEEP_GAP_MS = 1_500;

/** The server's answers that mean the alarm needs nothing more from the banner: gone (110576), confirmed (110577). */
const SETTLED_CODES: ReadonlySet<string> = new Set(['110576', '110577']);

const PRODUCED = 1;

/** Whether a push is a new alarm the banner shows at `level` (1…level; 0: none). */
export function qualifies(alarm: AlarmOut, level: number): boolean {
  return (
    alarm.alarm_type === PRODUCED && alarm.alarm_level >= 1 && alarm.alarm_level <= level && !isShelved(alarm)
  );
}

interface BannerState {
  /** Newest first. */
  alarms: AlarmOut[];
  /** The one shown (an index into the alarms shown at the current level). */
  index: number;
  /** × pressed: hidden until the next new alarm. */
  dismissed: boolean;
  /** What the live region says (the latest new alarm). */
  announcement: string;
}

const EMPTY_STATE: BannerState = { alarms: [], index: 0, dismissed: false, announcement: '' };

function Banner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useIsPhone();
  const settings = useAlarmBannerSettings();
  const canList = useCan(Perm.REAL_TIME_FAULT);
  const sound = useSoundState();
  const [state, setState] = useState<BannerState>(EMPTY_STATE);
  // The alarms the banner took in since it mounted: a push of one of them again is no new alarm (no beep, no
  // announcement, the one shown stays).
  const seen = useRef(new Set<number>());
  const lastBeep = useRef(0);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [confirming, setConfirming] = useState<number[]>([]);
  // Confirm and Shelve are offered while the caller's role holds alarm_confirm (the server refuses otherwise).
  const handles = holdsDeviceItem(
    useSession((st) => st.deviceItems),
    'alarm_confirm',
  );
  const [shelving, setShelving] = useState<ShelveTarget[]>([]);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const remove = (ids: readonly number[]) => {
    setState((s) => {
      const alarms = s.alarms.filter((a) => !ids.includes(a.id));
      return alarms.length === s.alarms.length ? s : { ...s, alarms };
    });
  };

  useAlarmFeed((alarm) => {
    if (alarm.alarm_type !== PRODUCED) {
      // Recovered or confirmed (here, elsewhere, by someone else): nothing left to act on.
      remove([alarm.id]);
      return;
    }
    if (isShelved(alarm)) {
      remove([alarm.id]);
      return;
    }
    if (!qualifies(alarm, settings.level)) return;
    const isNew = !seen.current.has(alarm.id);
    seen.current.add(alarm.id);
    setState((s) => ({
      alarms: [alarm, ...s.alarms.filter((a) => a.id !== alarm.id)].slice(0, BANNER_MAX),
      index: isNew ? 0 : s.index,
      dismissed: isNew ? false : s.dismissed,
      announcement: isNew
        ? t('layout.alarmBanner.announce', {
            level: t('telemetry.alarm.levelN', { n: alarm.alarm_level }),
            device: alarm.dev_alias || alarm.sn_code,
            name: alarm.alarm_name,
          })
        : s.announcement,
    }));
    if (isNew && settings.sound) {
      const now = Date.now();
      if (now - lastBeep.current >= BEEP_GAP_MS) {
        lastBeep.current = now;
        setSoundBlocked(!beep());
      }
    }
  }, settings.level > 0);

  // The sound is on but the browser has not let this page play yet (a reload): the first click or key press on the
  // page is the gesture that unlocks it.
  const waitingForGesture = settings.sound && sound === 'locked';
  useEffect(() => {
    if (!waitingForGesture) return undefined;
    const unlock = (event: Event) => {
      unlockSound();
      // The hint's own click plays the beep it promised (below); any other click just lets the next alarm beep.
      const onHint = event.target instanceof Element && event.target.closest('.alarm-banner__sound') !== null;
      if (!onHint) setSoundBlocked(false);
    };
    document.addEventListener('pointerdown', unlock, { capture: true, once: true });
    document.addEventListener('keydown', unlock, { capture: true, once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock, { capture: true });
      document.removeEventListener('keydown', unlock, { capture: true });
    };
  }, [waitingForGesture]);

  const shown = state.alarms.filter((a) => qualifies(a, settings.level));
  const index = Math.min(state.index, Math.max(0, shown.length - 1));
  const alarm = shown[index];
  const visible = alarm !== undefined && !state.dismissed;
  const step = (by: number) => {
    setState((s) => ({ ...s, index: Math.min(Math.max(0, index + by), shown.length - 1) }));
  };
  const settled = (ids: number[]) => (error: unknown) => {
    if (isApiError(error) && SETTLED_CODES.has(error.code)) remove(ids);
  };

  return (
    <>
      {/* Mounted while the banner listens, so the announcement of a new alarm is read out as it changes. */}
      <div role="alert" className="alarm-banner__announce">
        {visible ? state.announcement : ''}
      </div>
      {visible && (
        <Suspense fallback={null}>
          <AlarmBannerView
            alarm={alarm}
            index={index}
            total={shown.length}
            phone={phone}
            canList={canList}
            soundHint={soundBlocked && settings.sound && sound !== 'unsupported'}
            onEnableSound={() => {
              unlockSound();
              setSoundBlocked(!beep());
            }}
            onStep={step}
            onConfirm={
              handles
                ? () => {
                    setConfirming([alarm.id]);
                  }
                : undefined
            }
            onShelve={
              handles
                ? () => {
                    setShelving([alarm]);
                  }
                : undefined
            }
            onView={() => void navigate(REALTIME_ALARMS_PAGE)}
            onSettings={() => {
              setSettingsOpen(true);
            }}
            onDismiss={() => {
              setState((s) => ({ ...s, dismissed: true }));
            }}
          />
        </Suspense>
      )}
      <ConfirmAlarmsModal
        ids={confirming}
        onClose={() => {
          setConfirming([]);
        }}
        onDone={() => {
          remove(confirming);
        }}
        onFailed={(error) => {
          settled(confirming)(error);
          if (isApiError(error) && SETTLED_CODES.has(error.code)) setConfirming([]);
        }}
      />
      <ShelveAlarmsModal
        alarms={shelving}
        onClose={() => {
          setShelving([]);
        }}
        onDone={(done) => {
          remove(done.map((a) => a.id));
        }}
        onFailed={settled(shelving.map((a) => a.id))}
      />
      <AlarmBannerSettingsModal
        open={settingsOpen}
        onClose={() => {
          setSettingsOpen(false);
        }}
      />
    </>
  );
}

/** Mounted once in the console's frame, beside the header. */
export function AlarmBanner() {
  const signedIn = useSession((s) => s.token !== '' && s.rolesLoaded);
  const mustChangePassword = useSession((s) => s.mustChangePassword);
  const userId = useSession((s) => s.userId);
  // GET /rAlarmDev and the confirmation answer P73000 or P10000, as the bell's count.
  const canRead = useCan(Perm.REAL_TIME_FAULT, Perm.HOME);
  if (!signedIn || !canRead || mustChangePassword) return null;
  // Another user (a sign-in, a simulated login) starts with an empty banner.
  return <Banner key={userId} />;
}
