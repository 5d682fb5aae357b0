// What a report's page (the designer, the preview) shows while its report is not there: not found (an unknown,
// malformed or another user's id: 118212) or failed to load, each with the way back to the report list.
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { detailState } from '@/components/detail-states';
import { reportPaths } from '../lib/format';
import type { Report } from '../types';

/** The page in place of report `query`'s, or null once the report is in. `valid`: the address named a report. */
export function useReportStates(query: UseQueryResult<Report>, valid: boolean): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => void navigate(reportPaths.list);
  return detailState({
    query,
    valid,
    notFoundCode: '118212',
    texts: {
      notFound: t('reports.detail.notFound'),
      notFoundHint: t('reports.detail.notFoundHint'),
      loadFailed: t('reports.detail.loadFailed'),
      backToList: t('reports.detail.backToList'),
      retry: t('reports.action.retry'),
    },
    onBack: back,
    backButton: (
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('reports.action.back')} onClick={back} />
    ),
  });
}
