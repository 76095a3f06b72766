import { blobToVector, vectorToBlob } from './vector-blob';
import { nearestRows } from './top-k';

describe('nearestRows (exact vector search)', () => {
  it('gives the k rows with the highest dot product, best first, whatever their order in the matrix', () => {
    const dimensions = 5; // not a multiple of four: the unrolled loop's remainder counts too
    const rows = [
      [1, 0, 0, 0, 0],
      [0, 0, 0, 0, 1],
      [0.6, 0, 0, 0, 0.8],
      [-1, 0, 0, 0, 0],
      [0.8, 0, 0, 0, 0.6],
    ];
    const matrix = Float32Array.from(rows.flat());
    const { rows: best, scores } = nearestRows(matrix, dimensions, Float32Array.from([0, 0, 0, 0, 1]), 3);
    expect(best).toEqual([1, 2, 4]);
    expect(scores.map((score) => Math.round(score * 100) / 100)).toEqual([1, 0.8, 0.6]);
    expect(nearestRows(matrix, dimensions, Float32Array.from([1, 0, 0, 0, 0]), 10).rows).toEqual([0, 4, 2, 1, 3]);
  });

  it('finds nothing with k 0, an empty matrix or a query of other dimensions', () => {
    expect(nearestRows(Float32Array.from([1, 0]), 2, Float32Array.from([1, 0]), 0).rows).toEqual([]);
    expect(nearestRows(new Float32Array(0), 2, Float32Array.from([1, 0]), 3).rows).toEqual([]);
    expect(nearestRows(Float32Array.from([1, 0]), 2, Float32Array.from([1, 0, 0]), 3).rows).toEqual([]);
  });

  it('stores a vector as its Float32 bytes and reads it back into a matrix row', () => {
    const vector = Float32Array.from([0.25, -1.5, 3e-8, 42]);
    const blob = vectorToBlob(vector);
    expect(blob.byteLength).toBe(16);
    // A Buffer from the database is a view into a larger pool, at any offset.
    const pooled = Buffer.concat([Buffer.from([9, 9, 9]), blob]).subarray(3);
    const matrix = new Float32Array(8);
    blobToVector(pooled, matrix, 4);
    expect(Array.from(matrix)).toEqual([0, 0, 0, 0, ...Array.from(vector)]);
  });
});
