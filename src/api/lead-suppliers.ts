import { queryOptions, type QueryClient } from '@tanstack/react-query';

import {
  BulkZipResult,
  LeadSupplier,
  LeadSupplierLimit,
  LeadSupplierLimits,
  LeadSupplierPage,
  LeadSupplierZip,
  LeadSupplierZipPage,
} from '../contract/lead-suppliers.ts';
import { brokerageKeys } from './brokerages.ts';
import { request } from './client.ts';
import { dashboardKeys } from './dashboard.ts';
import { sortParam, type Paging } from './staff.ts';
import { write } from './write.ts';

// Supplier Management: lead suppliers, ZIP coverage and limits.

export type SupplierListParams = Paging & { name: string; sort: { key: string; desc: boolean } };

export const supplierKeys = {
  all: ['lead-suppliers'] as const,
  list: (p: SupplierListParams) => [...supplierKeys.all, 'list', p] as const,
  detail: (id: number) => [...supplierKeys.all, 'detail', id] as const,
  zips: (id: number, p: Paging & { zip: string }) => [...supplierKeys.detail(id), 'zips', p] as const,
  limits: (id: number) => [...supplierKeys.detail(id), 'limits'] as const,
};

export const suppliersQueryOptions = (p: SupplierListParams) =>
  queryOptions({
    queryKey: supplierKeys.list(p),
    queryFn: () =>
      request('/users-api/lead-suppliers', {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), name: p.name || undefined },
        schema: LeadSupplierPage,
      }),
  });

export const supplierQueryOptions = (id: number) =>
  queryOptions({
    queryKey: supplierKeys.detail(id),
    queryFn: () => request(`/users-api/lead-suppliers/${id}`, { schema: LeadSupplier }),
  });

export const createSupplier = (name: string) =>
  request('/users-api/lead-suppliers', { method: 'POST', json: { name }, schema: LeadSupplier });

export const supplierZipsQueryOptions = (id: number, p: Paging & { zip: string }) =>
  queryOptions({
    queryKey: supplierKeys.zips(id, p),
    queryFn: () =>
      request('/leads-api/lead-supplier-zip-codes', {
        query: { supplierId: id, pageIndex: p.pageIndex, pageSize: p.pageSize, zip: p.zip || undefined },
        schema: LeadSupplierZipPage,
      }),
  });

export const addSupplierZip = (supplierId: number, zip: string) =>
  request('/leads-api/lead-supplier-zip-codes', { method: 'POST', json: { supplierId, zip }, schema: LeadSupplierZip });
export const addSupplierZips = (supplierId: number, zips: string) =>
  request('/leads-api/lead-supplier-zip-codes/bulk', {
    method: 'POST',
    json: { supplierId, zips },
    schema: BulkZipResult,
  });
export const removeSupplierZip = (supplierId: number, zip: string) =>
  request(`/leads-api/lead-supplier-zip-codes/${supplierId}/${encodeURIComponent(zip)}`, { method: 'DELETE' });

export const supplierLimitsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: supplierKeys.limits(id),
    queryFn: () => request('/leads-api/lead-supplier-limit', { query: { supplierId: id }, schema: LeadSupplierLimits }),
  });
export const addSupplierLimit = (supplierId: number, brokerageId: number, quarterlyCap: number) =>
  request('/leads-api/lead-supplier-limit', {
    method: 'POST',
    json: { supplierId, brokerageId, quarterlyCap },
    schema: LeadSupplierLimit,
  });
export const setSupplierLimit = (id: number, quarterlyCap: number) =>
  request(`/leads-api/lead-supplier-limit/${id}`, {
    method: 'PATCH',
    json: { quarterlyCap },
    schema: LeadSupplierLimit,
  });

// The suppliers' writes. Each reads the supplier again before it settles; a limit changes the
// brokerages' quarterly caps too (their dashboards and lists).
export const createSupplierWrite = write(
  (name: string) => createSupplier(name),
  (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: supplierKeys.all }) }),
);
const refreshSupplier = (supplierId: number) => (client: QueryClient) => ({
  onSuccess: () => client.invalidateQueries({ queryKey: supplierKeys.detail(supplierId) }),
});
const refreshSupplierAndCaps = (supplierId: number) => (client: QueryClient) => ({
  onSuccess: async () => {
    await client.invalidateQueries({ queryKey: supplierKeys.detail(supplierId) });
    await client.invalidateQueries({ queryKey: dashboardKeys.all });
    await client.invalidateQueries({ queryKey: brokerageKeys.all });
  },
});
export const addSupplierZipWrite = (supplierId: number) =>
  write((zip: string) => addSupplierZip(supplierId, zip), refreshSupplier(supplierId));
export const addSupplierZipsWrite = (supplierId: number) =>
  write((zips: string) => addSupplierZips(supplierId, zips), refreshSupplier(supplierId));
export const removeSupplierZipWrite = (supplierId: number) =>
  write((zip: string) => removeSupplierZip(supplierId, zip), refreshSupplier(supplierId));
export const addSupplierLimitWrite = (supplierId: number) =>
  write(
    ({ brokerageId, quarterlyCap }: { brokerageId: number; quarterlyCap: number }) =>
      addSupplierLimit(supplierId, brokerageId, quarterlyCap),
    refreshSupplierAndCaps(supplierId),
  );
export const setSupplierLimitWrite = (supplierId: number, limitId: number) =>
  write((quarterlyCap: number) => setSupplierLimit(limitId, quarterlyCap), refreshSupplierAndCaps(supplierId));
