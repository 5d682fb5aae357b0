// A new tenant's home: instead of zeros and empty charts, the first steps to live data, each one a link that opens
// the dialog it names and ticked off once done.
import {
  ApiOutlined,
  AppstoreOutlined,
  CheckCircleFilled,
  LinkOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import { arrivalState } from '@/lib/arrival';
import { Perm, Role } from '@/lib/permissions';
import type { HomeTemplates, StateInfo } from '../types';

interface Step {
  key: 'register' | 'template' | 'bind' | 'team';
  icon: ComponentType;
  to: string;
  open?: string;
  done: (info: StateInfo, templates: HomeTemplates | undefined) => boolean;
}

const STEPS: readonly Step[] = [
  {
    key: 'register',
    icon: ApiOutlined,
    to: '/device/devgroup',
    open: 'register',
    done: (info) => info.total > 0,
  },
  {
    key: 'template',
    icon: AppstoreOutlined,
    to: '/configureManage/devTemplate',
    open: 'create',
    done: (_info, templates) => (templates?.total ?? 0) > 0,
  },
  {
    key: 'bind',
    icon: LinkOutlined,
    to: '/configureManage/templateBind',
    done: (_info, templates) => (templates?.published ?? 0) > 0,
  },
  { key: 'team', icon: TeamOutlined, to: '/team/user', done: () => false },
];

/** Whether the home page should offer first steps: a tenant's administrator (the one who registered it) with no
 * device yet. A new sub-user who sees no device yet gets the usual home. */
export function useFirstRun(info: StateInfo | undefined): boolean {
  const administrator = useCan(Role.ADMINISTRATOR);
  return administrator && info?.total === 0;
}

function StepItem({ step, index, done }: { step: Step; index: number; done: boolean }) {
  const { t } = useTranslation();
  const Icon = step.icon;
  return (
    <li className={done ? 'first-steps__step first-steps__step--done' : 'first-steps__step'}>
      <span className="first-steps__icon" aria-hidden="true">
        {done ? <CheckCircleFilled /> : <Icon />}
      </span>
      <div className="first-steps__text">
        <Link
          to={step.to}
          state={step.open ? arrivalState(step.open) : undefined}
          className="first-steps__title"
        >
          {`${String(index + 1)}. ${t(`home.firstSteps.${step.key}.title`)}`}
        </Link>
        <span className="text-secondary">{t(`home.firstSteps.${step.key}.description`)}</span>
      </div>
      {done && <span className="first-steps__done">{t('home.firstSteps.done')}</span>}
    </li>
  );
}

export function FirstSteps({ info, templates }: { info: StateInfo; templates: HomeTemplates | undefined }) {
  const { t } = useTranslation();
  const allowed: Record<Step['key'], boolean> = {
    register: useCan(Perm.DEVICE),
    template: useCan(Perm.TEMPLATE),
    bind: useCan(Perm.TEMPLATE_BIND),
    team: useCan(Perm.USER),
  };
  const steps = STEPS.filter((step) => allowed[step.key]);
  return (
    <Card size="small" title={t('home.firstSteps.title')} className="home-card first-steps">
      <p className="text-secondary first-steps__intro">{t('home.firstSteps.intro')}</p>
      <ol className="first-steps__list">
        {steps.map((step, index) => (
          <StepItem key={step.key} step={step} index={index} done={step.done(info, templates)} />
        ))}
      </ol>
    </Card>
  );
}
