/** The value below which `share` (0–1) of `values` fall; undefined entries are skipped, and none gives undefined. */
export function percentile(values, share) {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}
