/** The best `k` rows for a question: their positions, best first, and their scores. */
export interface Nearest {
  rows: number[];
  scores: number[];
}

/** The positions of the `k` highest scores, best first (ties: the earlier row), kept in a small sorted list. */
export function bestOf(scores: ArrayLike<number>, k: number): Nearest {
  const rows: number[] = [];
  const best: number[] = [];
  if (k <= 0) return { rows, scores: best };
  let worst = -Infinity;
  for (let row = 0; row < scores.length; row += 1) {
    const score = scores[row];
    if (rows.length === k && score <= worst) continue;
    let at = rows.length;
    while (at > 0 && best[at - 1] < score) at -= 1;
    rows.splice(at, 0, row);
    best.splice(at, 0, score);
    if (rows.length > k) {
      rows.pop();
      best.pop();
    }
    worst = rows.length === k ? best[k - 1] : -Infinity;
  }
  return { rows, scores: best };
}
