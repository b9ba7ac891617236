/** Shared answer fields of the wall screens and reports: decimal strings, ids as strings. */
import { z } from 'zod';
import { money, weight } from '../fields.ts';

/** kg with 3 decimals. */
export const kg = weight;
/** yuan with 2 decimals. */
export const yuan = money;
/** percent with 2 decimals, '' when the base is zero. */
export const pct = z.string().regex(/^(-?\d+\.\d{2})?$/);
export const id = z.string().regex(/^\d+$/);
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const month = z.string().regex(/^\d{4}-\d{2}$/);

export const VISUAL = '/api/izs-visual';
export const REPORT = '/api/izs-report';
