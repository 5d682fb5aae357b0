// The home page's figures (GET /dev/stateInfo, GET /yun/homenav/module, GET /rAlarmDev/count), each card leading
// to its list.
import {
  AlertOutlined,
  ApiOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  DisconnectOutlined,
  QuestionCircleOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Skeleton } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import type { AlarmCount } from '@/lib/alarms/types';
import { Perm } from '@/lib/permissions';
import { HOME_GUTTER } from '../lib/layout';
import { onlineRate, STAT_LINKS } from '../lib/chart-options';
import type { HomeTemplates, StateInfo } from '../types';

type StatKey = keyof typeof STAT_LINKS;

const STATS: { key: StatKey; icon: ComponentType; tone: string; perm: string }[] = [
  { key: 'total', icon: ClusterOutlined, tone: 'blue', perm: Perm.DEVICE_GROUP },
  { key: 'online', icon: WifiOutlined, tone: 'green', perm: Perm.DEVICE_GROUP },
  { key: 'offline', icon: DisconnectOutlined, tone: 'gray', perm: Perm.DEVICE_GROUP },
  { key: 'unregistered', icon: QuestionCircleOutlined, tone: 'orange', perm: Perm.DEVICE_GROUP },
  { key: 'virtual', icon: ApiOutlined, tone: 'purple', perm: Perm.VIRTUAL_DEVICE },
  { key: 'templates', icon: AppstoreOutlined, tone: 'cyan', perm: Perm.TEMPLATE },
  { key: 'alarms', icon: AlertOutlined, tone: 'red', perm: Perm.REAL_TIME_FAULT },
];

interface Figures {
  info: StateInfo | undefined;
  templates: HomeTemplates | undefined;
  alarms: AlarmCount | undefined;
}

/** The card's figure, or undefined while it loads. */
function valueOf({ info, templates, alarms }: Figures, key: StatKey): number | undefined {
  if (key === 'templates') return templates?.total;
  if (key === 'alarms') return alarms?.today;
  if (!info) return undefined;
  return key === 'virtual' ? info.virtual_devices : info[key];
}

function StatCard({ stat, figures }: { stat: (typeof STATS)[number]; figures: Figures }) {
  const { t } = useTranslation();
  const allowed = useCan(stat.perm);
  const Icon = stat.icon;
  const { info, templates, alarms } = figures;
  const value = valueOf(figures, stat.key);
  const label = t(`home.stats.${stat.key}`);
  const body = (
    <>
      <span className={`home-stat__icon home-stat__icon--${stat.tone}`}>
        <Icon />
      </span>
      <span className="home-stat__text">
        <span className="home-stat__label">{label}</span>
        {value !== undefined ? (
          <span className="home-stat__value">{value}</span>
        ) : (
          <Skeleton.Button active size="small" className="home-stat__skeleton" />
        )}
        {info && stat.key === 'online' && (
          <span className="home-stat__hint">{t('home.stats.rate', { rate: onlineRate(info) })}</span>
        )}
        {templates && stat.key === 'templates' && (
          <span className="home-stat__hint">{t('home.stats.published', { count: templates.published })}</span>
        )}
        {alarms && stat.key === 'alarms' && (
          <span className="home-stat__hint">
            {t('home.stats.unconfirmed', { count: alarms.unconfirmed })}
          </span>
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

/**
 * One figure a row on a phone, two on a small tablet, then three and four; all seven in one row from `xl` (1200 px),
 * where each column takes an equal share.
 */
// Two to a line on a phone: one per line made seven tall strips before the first chart.
const STAT_COL = { xs: 12, sm: 12, md: 8, lg: 6, xl: { flex: '1 1 0' } } as const;

export function StatCards({ info, templates, alarms }: Figures) {
  const figures = { info, templates, alarms };
  return (
    <Row gutter={[HOME_GUTTER, HOME_GUTTER]} className="home-stats">
      {STATS.map((s) => (
        <Col key={s.key} {...STAT_COL} className="home-stats__col">
          <StatCard stat={s} figures={figures} />
        </Col>
      ))}
    </Row>
  );
}
