import type { ValueTransformer } from 'typeorm';

/**
 * Prices and ratings are DECIMAL columns (exact, sortable); PostgreSQL hands them back as strings
 * and SQLite as numbers, so both are read as numbers here.
 */
export const decimalToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
