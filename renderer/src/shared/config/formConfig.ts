import { useMemo } from 'react';
import type { components } from '../api/schema.gen';
import { useRuntimeConfig } from './runtimeConfigAtoms';

/** The bounds the server enforces on every form's fields (`GET /api/config` → `limits`). */
export type FormLimits = components['schemas']['FormLimitsDto'];
export type FieldBounds = components['schemas']['BoundsDto'];
export type CategoryOption = { value: string; label: string };

/** The server's form limits; null until its configuration arrived (then only the server checks). */
export function useFormLimits(): FormLimits | null {
  return useRuntimeConfig().limits;
}

export interface Categories {
  /** For a Select: the agents' categories, labelled in Spanish, in the server's order. */
  options: CategoryOption[];
  /** A category's Spanish label; a text outside the list (an ecosystem's own category) as it is. */
  label(category: string): string;
}

/** The agents' categories with their Spanish labels, as the server serves them (`GET /api/config` → `categories`). */
export function useCategories(): Categories {
  const { categories } = useRuntimeConfig();
  return useMemo(() => {
    const labels = new Map(categories.map(({ slug, label }) => [slug as string, label]));
    return {
      options: categories.map(({ slug, label }) => ({ value: slug, label })),
      label: (category) => labels.get(category) ?? category,
    };
  }, [categories]);
}
