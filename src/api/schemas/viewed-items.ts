import * as v from 'valibot';
import { paged } from './core.ts';

export const ViewedItem = v.object({ item: v.string(), location: v.string(), viewed: v.boolean() });
export type ViewedItem = v.InferOutput<typeof ViewedItem>;
export const ViewedItemPage = paged(ViewedItem);
export type ViewedItemPage = v.InferOutput<typeof ViewedItemPage>;
