import { queryOptions } from '@tanstack/react-query';

import { BrokerageMetrics, type MetricPeriod } from '../contract/brokerage-metrics.ts';
import { request } from './client.ts';

// My Metrics: GET /agents-api/brokerages/{id}/metrics?months=3|6|12.

export const brokerageMetricsQueryOptions = (brokerageId: number, months: MetricPeriod) =>
  queryOptions({
    queryKey: ['brokerage-metrics', brokerageId, months] as const,
    queryFn: () =>
      request(`/agents-api/brokerages/${brokerageId}/metrics`, { query: { months }, schema: BrokerageMetrics }),
  });
