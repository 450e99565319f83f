import { queryOptions } from '@tanstack/react-query';
import {
  BulkZipResult, LeadSupplier, LeadSupplierLimit, LeadSupplierLimits, LeadSupplierPage, LeadSupplierZip, LeadSupplierZipPage,
} from '../contract/lead-suppliers.ts';
import { request } from './client.ts';
import { sortParam, type Paging } from './staff.ts';

// Supplier Management: lead suppliers, ZIP coverage and limits.

export type SupplierListParams = Paging & { name: string; sort: { key: string; desc: boolean } };

export const supplierKeys = {
  all: ['lead-suppliers'] as const,
  list: (p: SupplierListParams) => [...supplierKeys.all, 'list', p] as const,
  detail: (id: number) => [...supplierKeys.all, 'detail', id] as const,
  zips: (id: number, p: Paging & { zip: string }) => [...supplierKeys.detail(id), 'zips', p] as const,
  limits: (id: number) => [...supplierKeys.detail(id), 'limits'] as const,
};

export const suppliersQueryOptions = (p: SupplierListParams) => queryOptions({
  queryKey: supplierKeys.list(p),
  queryFn: () => request('/users-api/lead-suppliers', {
    query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), name: p.name || undefined }, schema: LeadSupplierPage,
  }),
});

export const supplierQueryOptions = (id: number) => queryOptions({
  queryKey: supplierKeys.detail(id),
  queryFn: () => request(`/users-api/lead-suppliers/${id}`, { schema: LeadSupplier }),
});

export const createSupplier = (name: string) => request('/users-api/lead-suppliers', { method: 'POST', json: { name }, schema: LeadSupplier });

export const supplierZipsQueryOptions = (id: number, p: Paging & { zip: string }) => queryOptions({
  queryKey: supplierKeys.zips(id, p),
  queryFn: () => request('/leads-api/lead-supplier-zip-codes', { query: { supplierId: id, pageIndex: p.pageIndex, pageSize: p.pageSize, zip: p.zip || undefined }, schema: LeadSupplierZipPage }),
});

export const addSupplierZip = (supplierId: number, zip: string) =>
  request('/leads-api/lead-supplier-zip-codes', { method: 'POST', json: { supplierId, zip }, schema: LeadSupplierZip });
export const addSupplierZips = (supplierId: number, zips: string) =>
  request('/leads-api/lead-supplier-zip-codes/bulk', { method: 'POST', json: { supplierId, zips }, schema: BulkZipResult });
export const removeSupplierZip = (supplierId: number, zip: string) =>
  request(`/leads-api/lead-supplier-zip-codes/${supplierId}/${encodeURIComponent(zip)}`, { method: 'DELETE' });

export const supplierLimitsQueryOptions = (id: number) => queryOptions({
  queryKey: supplierKeys.limits(id),
  queryFn: () => request('/leads-api/lead-supplier-limit', { query: { supplierId: id }, schema: LeadSupplierLimits }),
});
export const addSupplierLimit = (supplierId: number, brokerageId: number, quarterlyCap: number) =>
  request('/leads-api/lead-supplier-limit', { method: 'POST', json: { supplierId, brokerageId, quarterlyCap }, schema: LeadSupplierLimit });
export const setSupplierLimit = (id: number, quarterlyCap: number) =>
  request(`/leads-api/lead-supplier-limit/${id}`, { method: 'PATCH', json: { quarterlyCap }, schema: LeadSupplierLimit });
