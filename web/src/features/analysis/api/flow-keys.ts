// Query keys of the traffic and online-time analysis and of report schedules.
import type {
  FlowAnalysisParams,
  FlowDetailParams,
  OnlineAnalysisParams,
  OnlineDetailParams,
} from '../flow-types';

export const flowKeys = {
  all: ['flow-analysis'] as const,
  list: (params: FlowAnalysisParams) => [...flowKeys.all, 'list', params] as const,
  detail: (params: FlowDetailParams) => [...flowKeys.all, 'detail', params] as const,
};

export const onlineKeys = {
  all: ['online-analysis'] as const,
  list: (params: OnlineAnalysisParams) => [...onlineKeys.all, 'list', params] as const,
  detail: (params: OnlineDetailParams) => [...onlineKeys.all, 'detail', params] as const,
};

export const scheduleKeys = {
  all: ['report-schedule'] as const,
  one: (reportId: number) => [...scheduleKeys.all, reportId] as const,
};
