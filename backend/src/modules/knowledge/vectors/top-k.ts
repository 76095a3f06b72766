/** The `k` best rows of an agent's matrix for a query: their positions and dot products (cosines, the vectors being normalised). */
export interface Nearest {
  rows: number[];
  scores: number[];
}

/**
 * Exact search: the query's dot product with every row of `matrix` (rows × dimensions, row-major),
 * keeping the best `k` in a small sorted list. Four accumulators per row let the engine pipeline
 * the multiplications; at 100,000 rows of 256 dimensions it is some 25 million of them.
 */
export function nearestRows(matrix: Float32Array, dimensions: number, query: Float32Array, k: number): Nearest {
  const rows: number[] = [];
  const scores: number[] = [];
  if (k <= 0 || query.length !== dimensions) return { rows, scores };
  const count = Math.floor(matrix.length / dimensions);
  const unrolled = dimensions - (dimensions % 4);
  let worst = -Infinity;
  for (let row = 0, offset = 0; row < count; row += 1, offset += dimensions) {
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let index = 0;
    for (; index < unrolled; index += 4) {
      a0 += matrix[offset + index] * query[index];
      a1 += matrix[offset + index + 1] * query[index + 1];
      a2 += matrix[offset + index + 2] * query[index + 2];
      a3 += matrix[offset + index + 3] * query[index + 3];
    }
    for (; index < dimensions; index += 1) a0 += matrix[offset + index] * query[index];
    const score = a0 + a1 + a2 + a3;
    if (rows.length === k && score <= worst) continue;
    // Insertion into the sorted list (best first); k is small (a search's limit).
    let at = rows.length;
    while (at > 0 && scores[at - 1] < score) at -= 1;
    rows.splice(at, 0, row);
    scores.splice(at, 0, score);
    if (rows.length > k) {
      rows.pop();
      scores.pop();
    }
    worst = rows.length === k ? scores[k - 1] : -Infinity;
  }
  return { rows, scores };
}
