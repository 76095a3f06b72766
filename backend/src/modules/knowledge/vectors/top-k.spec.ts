import { bestOf } from './top-k';
import { vectorToBlob } from './vector-blob';
import { VectorMatrix } from './vector-matrix';

const ROWS = [
  [1, 0, 0, 0, 0],
  [0, 0, 0, 0, 1],
  [0.6, 0, 0, 0, 0.8],
  [-1, 0, 0, 0, 0],
  [0.8, 0, 0, 0, 0.6],
];

function matrixOf(rows: number[][], simd: boolean): VectorMatrix {
  const matrix = new VectorMatrix(rows.length, rows[0].length, { simd });
  // A Buffer from the database is a view into a larger pool, at any offset.
  rows.forEach((row, index) => matrix.setRow(index, Buffer.concat([Buffer.from([9, 9, 9]), vectorToBlob(Float32Array.from(row))]).subarray(3)));
  return matrix;
}

describe.each([
  ['WebAssembly SIMD', true],
  ['JavaScript', false],
])('exact vector search (%s)', (_, simd) => {
  it('scores every row against the question (5 dimensions: padded to 8) and keeps the best k, best first', () => {
    const matrix = matrixOf(ROWS, simd);
    expect(matrix.stride).toBe(8);
    const { rows, scores } = bestOf(matrix.scores(Float32Array.from([0, 0, 0, 0, 1])), 3);
    expect(rows).toEqual([1, 2, 4]);
    expect(scores.map((score) => Math.round(score * 100) / 100)).toEqual([1, 0.8, 0.6]);
    expect(bestOf(matrix.scores(Float32Array.from([1, 0, 0, 0, 0])), 10).rows).toEqual([0, 4, 2, 1, 3]);
    expect(bestOf(matrix.scores(Float32Array.from([1, 0, 0, 0, 0])), 0).rows).toEqual([]);
  });

  it('gives the same scores as a plain dot product on many rows of 256 dimensions', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) - 0.5;
    const rows = Array.from({ length: 300 }, () => Array.from({ length: 256 }, random));
    const query = Float32Array.from({ length: 256 }, random);
    const scores = matrixOf(rows, simd).scores(query);
    rows.forEach((row, index) => {
      const expected = row.reduce((sum, value, d) => sum + Math.fround(value) * query[d], 0);
      expect(scores[index]).toBeCloseTo(expected, 4);
    });
  });
});
