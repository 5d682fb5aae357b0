// A flow card's used share as a progress bar coloured against its warning value (blue, orange at the warning value,
// red when used up), the used and total MB and the remaining MB under it.
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { colors } from '@/lib/theme';
import { formatMb, percentText, usageOf } from '../lib/flow-format';
import type { FlowCardRow } from '../flow-types';

const LEVEL_COLOR = { normal: colors.primary, warning: colors.warning, exhausted: colors.danger } as const;

export function UsageBar({ card }: { card: FlowCardRow }) {
  const { t } = useTranslation();
  const usage = usageOf(card);
  return (
    <div className="flow-usage">
      <Progress
        percent={usage.percent}
        size="small"
        // A full bar reads "100%" as every other does, not a bare check mark.
        format={percentText}
        strokeColor={LEVEL_COLOR[usage.level]}
        aria-label={t('analysis.flow.usageOf', { name: card.name || card.sn })}
      />
      <Typography.Text type="secondary" className="flow-usage__text">
        {t('analysis.flow.usedOfTotal', { used: formatMb(card.used_mb), total: formatMb(card.total_mb) })}
        {' · '}
        {t('analysis.flow.remainingShort', { remaining: formatMb(card.remaining_mb) })}
      </Typography.Text>
    </div>
  );
}
