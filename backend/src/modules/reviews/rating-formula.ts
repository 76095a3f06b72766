/**
 * The rating sort's weighted mean (README, 'Valoraciones y popularidad'): a Bayesian mean that
 * starts every agent at PRIOR_MEAN as if it had PRIOR_WEIGHT reviews of it, so that few reviews
 * move it little and many move it to their own mean:
 *
 *   score = (PRIOR_WEIGHT × PRIOR_MEAN + sum of stars) / (PRIOR_WEIGHT + number of reviews)
 *
 * One 5-star review scores (30 + 5) / 11 ≈ 3.18; 200 reviews averaging 4.8 score (30 + 960) / 210
 * ≈ 4.71. The constants are fixed (not the marketplace's current mean), so that one review changes
 * one agent's score and never every agent's.
 */
export const PRIOR_MEAN = 3;
export const PRIOR_WEIGHT = 10;

export interface RatingStats {
  /** The plain mean of the visible reviews, to one decimal; 0 with none. */
  rating: number;
  ratingCount: number;
  ratingScore: number;
}

export function ratingStats(count: number, sum: number): RatingStats {
  return {
    rating: count === 0 ? 0 : Math.round((sum / count) * 10) / 10,
    ratingCount: count,
    ratingScore: Math.round(((PRIOR_WEIGHT * PRIOR_MEAN + sum) / (PRIOR_WEIGHT + count)) * 10_000) / 10_000,
  };
}
