// The device figures of the home page (GET /dev/stateInfo), each card leading to its filtered list.
import {
  ApiOutlined,
  ClusterOutlined,
  DisconnectOutlined,
  QuestionCircleOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '../../../components/can';
import { Perm } from '../../../lib/permissions';
import { onlineRate, STAT_LINKS } from '../lib/chart-options';
import type { StateInfo } from '../types';

type StatKey = keyof typeof STAT_LINKS;

const STATS: { key: StatKey; icon: ComponentType; tone: string; perm: string }[] = [
  { key: 'total', icon: ClusterOutlined, tone: 'blue', perm: Perm.DEVICE_GROUP },
  { key: 'online', icon: WifiOutlined, tone: 'green', perm: Perm.DEVICE_GROUP },
  { key: 'offline', icon: DisconnectOutlined, tone: 'gray', perm: Perm.DEVICE_GROUP },
  { key: 'unregistered', icon: QuestionCircleOutlined, tone: 'orange', perm: Perm.DEVICE_GROUP },
  { key: 'virtual', icon: ApiOutlined, tone: 'purple', perm: Perm.VIRTUAL_DEVICE },
];

function valueOf(info: StateInfo, key: StatKey): number {
  return key === 'virtual' ? info.virtual_devices : info[key];
}

function StatCard({ stat, info }: { stat: (typeof STATS)[number]; info: StateInfo | undefined }) {
  const { t } = useTranslation();
  const allowed = useCan(stat.perm);
  const Icon = stat.icon;
  const label = t(`home.stats.${stat.key}`);
  const body = (
    <>
      <span className={`home-stat__icon home-stat__icon--${stat.tone}`}>
        <Icon />
      </span>
      <span className="home-stat__text">
        <span className="home-stat__label">{label}</span>
        {info ? (
          <span className="home-stat__value">{valueOf(info, stat.key)}</span>
        ) : (
          <Skeleton.Button active size="small" className="home-stat__skeleton" />
        )}
        {info && stat.key === 'online' && (
          <span className="home-stat__hint">{t('home.stats.rate', { rate: onlineRate(info) })}</span>
        )}
      </span>
    </>
  );
  return (
    <Card size="small" className="home-stat" hoverable={allowed}>
      {allowed ? (
        <Link
          to={STAT_LINKS[stat.key]}
          className="home-stat__body"
          aria-label={t('home.stats.open', { name: label })}
          data-stat={stat.key}
        >
          {body}
        </Link>
      ) : (
        <div className="home-stat__body" data-stat={stat.key}>
          {body}
        </div>
      )}
    </Card>
  );
}

export function StatCards({ info }: { info: StateInfo | undefined }) {
  return (
    <div className="home-stats">
      {STATS.map((s) => (
        <StatCard key={s.key} stat={s} info={info} />
      ))}
    </div>
  );
}
